import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { type api as apiOf, waitForQueuesToDrain } from './api.ts'
import { load, type LoadResult } from './load.ts'
import { peakRssMb } from './processes.ts'

const SAMPLES = new URL('../../src/modules/documents/samples/', import.meta.url)
const sample = (name: string) => readFileSync(new URL(name, SAMPLES))
const BOUNDARY = 'idcheck-bench-boundary'

/** A multipart upload body, as curl -F sends it. */
export function uploadBody (documentType: string, fileName: string, contentType: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n${documentType}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}
export const UPLOAD_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`

export interface DocumentRows { scenario: string, r: LoadResult, note?: string }

/** When each document's check of a type completed (check.completed), keyed by `${checkType}:${documentId}`. */
async function startCheckTimer () {
  const arrivals = new Map<string, number>()
  const waiting = new Map<string, (at: number) => void>()
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => { body += c })
    req.on('end', () => {
      const event = JSON.parse(body)
      const check = event.data?.check
      if (check?.subject?.type === 'document') {
        const key = `${check.checkType}:${check.subject.id}`
        arrivals.set(key, performance.now())
        waiting.get(key)?.(performance.now())
      }
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    arrival: (key: string): Promise<number> => arrivals.has(key) ? Promise.resolve(arrivals.get(key)!) : new Promise((resolve) => waiting.set(key, resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Rounds of Ping alone and Ping while scans are read, alternating. */
const PING_ROUNDS = 3
/** The round whose p99 is the median. */
const medianByP99 = (results: LoadResult[]) => [...results].sort((a, b) => a.p99 - b.p99)[Math.floor(results.length / 2)]!

const pct = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!)

/**
 * The document scenarios: uploads of a one-page text statement under load; then one at a time on
 * fresh cases, upload → DocumentExtraction completed for a 1-page and a 10-page text PDF and a
 * scanned page (OCR); then authenticated Ping while scans are read, and the server's peak RSS.
 */
export async function documentScenarios (baseUrl: string, bearer: string, client: ReturnType<typeof apiOf>, pid: number, durationSeconds: number): Promise<{ rows: DocumentRows[], notes: string[] }> {
  const drained = () => waitForQueuesToDrain(baseUrl)
  const auth = { authorization: `Bearer ${bearer}` }
  const rows: DocumentRows[] = []
  const clean = sample('clean-statement.pdf')
  const uploadCase = await client.createCase('bench-uploads')
  // Each upload's bytes differ (a PDF comment after the end), so none is a duplicate of another.
  rows.push({ scenario: 'POST documents (1-page text statement), 10 connections', r: await load({
    url: `${baseUrl}/api/cases/${uploadCase}/documents`, method: 'POST', durationSeconds, connections: 10, headers: auth,
    bodyOf: { contentType: UPLOAD_CONTENT_TYPE, body: (n) => uploadBody('BankStatement', 'statement.pdf', 'application/pdf', Buffer.concat([clean, Buffer.from(`\n%bench ${n}\n`)])) },
  }) })

  await drained() // the uploads' checks must not weigh on what follows
  const timer = await startCheckTimer()
  await client.call('POST', '/api/webhooks', { url: timer.url, events: ['check.completed', 'check.failed'] })
  /** Upload → its extraction completed, `times` times on fresh cases, one at a time. */
  const extraction = async (name: string, contentType: string, times: number): Promise<LoadResult> => {
    const latencies: number[] = []
    for (let i = 0; i < times; i++) {
      const caseId = await client.createCase(`bench-extract-${name}-${i}`)
      const sent = performance.now()
      const res = await fetch(`${baseUrl}/api/cases/${caseId}/documents`, { method: 'POST', headers: { ...auth, 'content-type': UPLOAD_CONTENT_TYPE }, body: new Uint8Array(uploadBody('BankStatement', name, contentType, sample(name))) })
      if (res.status !== 201) throw new Error(`upload of ${name} → ${res.status} ${await res.text()}`)
      const { id } = await res.json() as { id: number }
      latencies.push(await timer.arrival(`DocumentExtraction:${id}`) - sent)
    }
    latencies.sort((a, b) => a - b)
    return { rps: 0, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), requests: times, non2xx: 0, errors: 0 }
  }
  try {
    rows.push({ scenario: 'upload → extraction completed, 1-page text PDF', r: await extraction('clean-statement.pdf', 'application/pdf', 10) })
    rows.push({ scenario: 'upload → extraction completed, 10-page text PDF', r: await extraction('ten-page-statement.pdf', 'application/pdf', 10) })
    const peakBefore = peakRssMb(pid)
    rows.push({ scenario: 'upload → extraction completed, 1 scanned page (OCR)', r: await extraction('scanned-statement.png', 'image/png', 5) })

    // Ping at a steady rate alone, then while scans are uploaded and read two at a time, in
    // alternating rounds: one 5-second p99 swings by several ms on a shared machine, so each row is
    // the median round's, beside the same Ping with no scan as its floor.
    const pingAt500 = () => load({ url: `${baseUrl}/api/Ping`, durationSeconds, connections: 10, overallRate: 500, headers: auth })
    const alone: LoadResult[] = []
    const busy: LoadResult[] = []
    let scanned = 0
    for (let round = 0; round < PING_ROUNDS; round++) {
      alone.push(await pingAt500())
      let scanning = true
      const scans = Array.from({ length: 2 }, async (_, lane) => {
        while (scanning) {
          const caseId = await client.createCase(`bench-ocr-ping-${round}-${lane}-${scanned}`)
          const res = await fetch(`${baseUrl}/api/cases/${caseId}/documents`, { method: 'POST', headers: { ...auth, 'content-type': UPLOAD_CONTENT_TYPE }, body: new Uint8Array(uploadBody('BankStatement', 'scan.png', 'image/png', sample('scanned-statement.png'))) })
          await timer.arrival(`DocumentExtraction:${(await res.json() as { id: number }).id}`)
          scanned++
        }
      })
      busy.push(await pingAt500())
      scanning = false
      await Promise.all(scans)
    }
    rows.push({ scenario: `GET /api/Ping at 500 req/s, no scan (median of ${PING_ROUNDS} rounds)`, r: medianByP99(alone) })
    rows.push({ scenario: `GET /api/Ping at 500 req/s while scans are read (${scanned} read, median of ${PING_ROUNDS} rounds)`, r: medianByP99(busy) })
    const peakAfter = peakRssMb(pid)
    const p99s = (results: LoadResult[]) => results.map((r) => r.p99).join(', ')
    return { rows, notes: [`peak RSS before OCR ${peakBefore} MB, after ${peakAfter} MB (+${peakAfter - peakBefore} MB)`, `Ping p99 per round (ms): no scan ${p99s(alone)}; while scans are read ${p99s(busy)}`] }
  } finally {
    await timer.close()
  }
}
