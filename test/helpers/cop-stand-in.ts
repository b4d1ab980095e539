import { createServer, type IncomingHttpHeaders } from 'node:http'
import { after } from 'node:test'

/**
 * A local stand-in for an Open Banking Confirmation of Payee API: POST {base}/account-name-check
 * with a bearer token, answering {"Data":{"VerificationReport":{Matched, ReasonCode, Name}}}.
 *
 * By default it answers by the last word of the Name it is sent: a CoP code (MATC, MBAM, BAMM,
 * PAMM, BANM, PANM, ANNM, AC01, ACNS, OPTO, SCNS, CASS, IVCR, or an unknown one such as ZZZZ)
 * gives that answer; GARBLED gives a 200 that is not JSON; a number such as 403 gives that status.
 * `script(name, steps)` makes it answer a name with the steps first (a status, or a hang past
 * any timeout, or an answer `delayMs` late), and `forever` repeats the last step. Every request is recorded.
 */

/** The name the bank holds, returned with the codes that carry one. */
export const NAME_ON_ACCOUNT = 'Jane A Doe-Smith'
const CODES_WITH_NAME = new Set(['MBAM', 'BAMM', 'PAMM', 'BANM', 'PANM'])

/** An answer (after `delayMs`, a slow bank), or no answer at all. */
/** `hugeBytes`: a 200 answer of that many bytes, streamed (chunked, or with its length when `declared`) until the client stops reading. */
export type Step = { status: number, body?: unknown, delayMs?: number } | { hugeBytes: number, declared?: boolean } | 'hang'

export interface RecordedRequest { method: string, path: string, headers: IncomingHttpHeaders, body: unknown }

export interface CopStandIn {
  /** BAV_COP_URL for the stand-in (with a base path, as real ones have). */
  url: string
  requests: RecordedRequest[]
  /** Bytes of huge answers written before the client hung up (or all of them). */
  hugeBytesSent (): number
  /** The requests about one holder name, in order. */
  requestsFor (name: string): RecordedRequest[]
  script (name: string, steps: Step[], options?: { forever?: boolean }): void
}

const BASE_PATH = '/open-banking/v3.1/cop'

export function answerFor (code: string): { status: number, body: unknown } {
  if (/^\d{3}$/.test(code)) return { status: Number(code), body: { Code: String(code), Message: 'Refused by the stand-in', Errors: [] } }
  if (code === 'GARBLED') return { status: 200, body: '<html>not json</html>' }
  const report = code === 'MATC'
    ? { Matched: true }
    : { Matched: false, ReasonCode: code, ...(CODES_WITH_NAME.has(code) ? { Name: NAME_ON_ACCOUNT } : {}) }
  return { status: 200, body: { Data: { VerificationReport: report }, Links: { Self: `${BASE_PATH}/account-name-check` }, Meta: {} } }
}

/** Starts the stand-in on a free loopback port; it stops when the test file ends. */
export async function startCopStandIn (token: string): Promise<CopStandIn> {
  const requests: RecordedRequest[] = []
  const scripts = new Map<string, { steps: Step[], forever: boolean }>()
  let hugeBytesSent = 0
  /** Writes `total` bytes of a JSON-looking answer as the socket drains, stopping when the client hangs up. */
  const sendHuge = (res: import('node:http').ServerResponse, total: number, declared: boolean) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(total) } : {}) })
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let left = total
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= piece.length
        hugeBytesSent += piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
      if (left === 0) res.end()
    }
    res.on('close', () => { left = 0 })
    pump()
  }

  const server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => { raw += chunk })
    req.on('end', () => {
      let body: unknown = raw
      try { body = JSON.parse(raw) } catch { /* recorded as text */ }
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body })
      const send = (status: number, payload: unknown) => {
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload)
        res.writeHead(status, { 'content-type': 'application/json', 'x-fapi-interaction-id': String(req.headers['x-fapi-interaction-id'] ?? '') }).end(text)
      }
      if (req.method !== 'POST' || req.url !== `${BASE_PATH}/account-name-check`) return send(404, { Code: '404', Message: 'Not found' })
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { Code: '401', Message: 'Unauthorized' })
      const name = (body as { Data?: { Name?: unknown } }).Data?.Name
      if (typeof name !== 'string') return send(400, { Code: '400', Message: 'Data.Name is required' })
      const script = scripts.get(name)
      const step = script && (script.steps.length > 1 || !script.forever ? script.steps.shift() : script.steps[0])
      if (step === 'hang') return // never answered; closed when the stand-in stops
      if (step && 'hugeBytes' in step) return sendHuge(res, step.hugeBytes, step.declared ?? false)
      if (step) {
        const answer = () => send(step.status, step.body ?? (step.status >= 500 ? { Code: String(step.status), Message: 'Stand-in outage' } : {}))
        return step.delayMs ? void setTimeout(answer, step.delayMs) : answer()
      }
      const answer = answerFor(name.split(' ').at(-1)!)
      send(answer.status, answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  after(() => new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  }))
  const { port } = server.address() as { port: number }

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    hugeBytesSent: () => hugeBytesSent,
    requestsFor: (name) => requests.filter((r) => (r.body as { Data?: { Name?: unknown } }).Data?.Name === name),
    script: (name, steps, options = {}) => { scripts.set(name, { steps: [...steps], forever: options.forever ?? false }) },
  }
}
