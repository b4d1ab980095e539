import { randomUUID } from 'node:crypto'
import type { BavCopConfig } from '../../../config/config.ts'
import { CheckCannotComplete, ProviderUnavailable } from '../../checks/index.ts'
import type { CopReport } from './cop-answers.ts'

export interface CopRequest { sortCode: string, accountNumber: string, name: string }

/** The most of an answer read: a CoP answer is a few hundred bytes, and a larger one must not fill memory. */
export const MAX_COP_ANSWER_BYTES = 64 * 1024
/** The longest holder name kept: CoP names are at most 140 characters (Pay.UK); the rest is noise or an attack. */
const MAX_NAME_CHARS = 140
/** Reason codes are four letters; a longer one is kept only far enough to be named as unknown. */
const MAX_REASON_CODE_CHARS = 16

/** Statuses worth asking again for: the service is overloaded, down or slow, not refusing this request. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500

/**
 * Asks an Open Banking Confirmation of Payee API (POST {url}/account-name-check) about one account.
 * Timeouts, network errors, 408, 429 and 5xx throw ProviderUnavailable (the pipeline retries); any
 * other refusal or an unreadable answer throws CheckCannotComplete, as asking again would get the
 * same. Messages carry the status and x-fapi-interaction-id for the provider's support, never the
 * token or the holder's name.
 */
export async function askCop (cop: BavCopConfig, providerName: string, request: CopRequest): Promise<CopReport> {
  const interactionId = randomUUID()
  const unavailable = (why: string, cause?: unknown) =>
    new ProviderUnavailable(providerName, `Confirmation of Payee ${why} (x-fapi-interaction-id ${interactionId})`, cause === undefined ? undefined : { cause })
  let status: number
  let text: string | null
  try {
    const response = await fetch(`${cop.url}/account-name-check`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cop.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-fapi-interaction-id': interactionId,
      },
      body: JSON.stringify({
        Data: {
          SchemeName: 'SortCodeAccountNumber',
          AccountType: 'Personal',
          Identification: request.sortCode + request.accountNumber,
          Name: request.name,
        },
      }),
      // A redirect would be a misconfigured BAV_COP_URL; following one could carry the token elsewhere.
      redirect: 'manual',
      // Covers the body too: an answer that stalls half-way is a timeout like any other.
      signal: AbortSignal.timeout(cop.timeoutMs),
    })
    status = response.status
    // Only a success's body is read, and only to the cap; a refusal's body is never needed.
    text = status >= 200 && status <= 299 ? await readCapped(response, MAX_COP_ANSWER_BYTES) : null
    if (text === null) await response.body?.cancel().catch(() => {})
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError'
    throw unavailable(timedOut ? `did not answer within ${cop.timeoutMs} ms` : `could not be reached: ${(err as Error).message}`, err)
  }
  if (isTransient(status)) throw unavailable(`answered HTTP ${status}`)
  if (status < 200 || status > 299) {
    throw new CheckCannotComplete(`The Confirmation of Payee service refused the request (HTTP ${status}), so the account holder could not be checked (x-fapi-interaction-id ${interactionId}).`)
  }
  if (text === null) {
    throw new CheckCannotComplete(`The Confirmation of Payee service sent an answer larger than ${MAX_COP_ANSWER_BYTES / 1024} KB, so the account holder could not be checked (x-fapi-interaction-id ${interactionId}).`)
  }
  const report = readReport(text)
  if (!report) throw new CheckCannotComplete(`The Confirmation of Payee service gave an answer that could not be read, so the account holder could not be checked (x-fapi-interaction-id ${interactionId}).`)
  return report
}

function readReport (text: string): CopReport | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  const report = (body as { Data?: { VerificationReport?: Record<string, unknown> } } | null)?.Data?.VerificationReport
  if (typeof report !== 'object' || report === null || typeof report.Matched !== 'boolean') return undefined
  const optionalString = (value: unknown) => typeof value === 'string' && value.trim() !== '' ? value : null
  if (report.ReasonCode !== undefined && report.ReasonCode !== null && typeof report.ReasonCode !== 'string') return undefined
  const name = optionalString(report.Name)
  const reasonCode = optionalString(report.ReasonCode)
  return { matched: report.Matched, reasonCode: reasonCode?.slice(0, MAX_REASON_CODE_CHARS) ?? null, name: name === null ? null : [...name].slice(0, MAX_NAME_CHARS).join('') }
}

/** The body as text, or null when it is longer than maxBytes (then the rest is never read). */
async function readCapped (response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return null
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}
