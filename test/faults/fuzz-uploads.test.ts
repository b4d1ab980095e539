import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { it } from 'node:test'
import { seededRandom } from '../../src/shared/seeded-random.ts'
import { eventually } from '../helpers/eventually.ts'
import {
  adminQuery, ADMIN_URL, baseEnv, call, freePort, freshDatabase, givenResellerByCli, SKIP_UNLESS_FAULTS, startApi, tokenFor,
} from './fault-helpers.ts'
import { deepNesting, hugeImagePdf, hugeJpegPdf, hugeMediaBox, lzwBomb, mrzBandBomb, objectStreamBomb, plainRunLengthBomb } from './hostile-files.ts'
import { runCli } from '../helpers/service-processes.ts'
import { processTree } from './process-watch.ts'
import { describeUnless } from '../helpers/skip.ts'

// 2,000 mutated PDFs, PNGs and JPEGs through the real server's upload (a child process on PostgreSQL):
// bytes flipped, cut, repeated, spliced, numbers in the PDF structure made huge, image headers
// rewritten. Most come with documentType Other from an account with only Document risk or with only
// KYC (which reads passports, so the upload's inspection alone reads those), so OCR does not run for all of them; one in
// twenty from an account with every service, whose checks must settle.
// Counted: answers of 5xx (none allowed), and deaths of the API process (none allowed).
// FUZZ_SEED=<n> runs another sequence, FUZZ_UPLOADS=<n> another count.

const SEED = Number(process.env.FUZZ_SEED ?? 28)
const UPLOADS = Number(process.env.FUZZ_UPLOADS ?? 2000)
const CONCURRENCY = 4
const SAMPLES = new URL('../../src/modules/documents/samples/', import.meta.url)
const KYC_SET = new URL('../../bench/kyc/set/', import.meta.url)

interface Base { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg' }

type Random = () => number
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!

/** One to four mutations, chosen and placed by the seeded generator. */
function mutate (random: Random, base: Base, other: Base): Uint8Array {
  let bytes: Buffer = Buffer.from(base.bytes)
  const at = () => Math.floor(random() * bytes.length)
  for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
    const kind = pick(random, ['flip', 'flip', 'cut', 'repeat', 'splice', 'number', 'number', 'header'] as const)
    if (kind === 'flip') for (let k = 1 + Math.floor(random() * 16); k > 0; k--) bytes[at()] = Math.floor(random() * 256)
    if (kind === 'cut') bytes = bytes.subarray(0, Math.max(8, at()))
    if (kind === 'repeat') { const from = at(); const piece = bytes.subarray(from, from + 1 + Math.floor(random() * 2000)); bytes = Buffer.concat([bytes.subarray(0, from), piece, piece, bytes.subarray(from)]) }
    if (kind === 'splice') { const cut = at(); bytes = Buffer.concat([bytes.subarray(0, cut), Buffer.from(other.bytes).subarray(Math.floor(random() * other.bytes.length))]) }
    if (kind === 'number') bytes = hugeNumber(random, bytes)
    if (kind === 'header' && base.kind === 'png' && bytes.length > 24) { bytes = Buffer.from(bytes); bytes.writeUInt32BE(1 + Math.floor(random() * 70_000), 16 + 4 * Math.floor(random() * 2)) }
    if (kind === 'header' && base.kind === 'jpeg') bytes = jpegFrameSize(random, bytes)
  }
  return new Uint8Array(bytes)
}

/** A number in the PDF's text (a /Length, /N, /Count, /Width, an offset) made huge, zero or negative. */
function hugeNumber (random: Random, bytes: Buffer): Buffer {
  const text = bytes.toString('latin1')
  const numbers = [...text.matchAll(/(?<=[/\w]+ )\d+(?=[\s/>\]])/g)]
  if (numbers.length === 0) return bytes
  const target = pick(random, numbers)
  const value = pick(random, ['0', '-1', '99999999', '2147483648', '10000000', String(Math.floor(random() * 1e6))])
  return Buffer.concat([bytes.subarray(0, target.index), Buffer.from(value, 'latin1'), bytes.subarray(target.index + target[0].length)])
}

function jpegFrameSize (random: Random, bytes: Buffer): Buffer {
  const out = Buffer.from(bytes)
  for (let i = 2; i + 9 < out.length; i++) {
    if (out[i] === 0xff && out[i + 1]! >= 0xc0 && out[i + 1]! <= 0xc2) {
      out.writeUInt16BE(1 + Math.floor(random() * 65_535), i + 5 + 2 * Math.floor(random() * 2))
      return out
    }
  }
  return out
}

const MIME = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' }

const postgresDown = SKIP_UNLESS_FAULTS ? null : await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

describeUnless(SKIP_UNLESS_FAULTS || postgresDown, 'fuzz: mutated documents through the real upload', () => {
  it(`when ${UPLOADS} mutated PDFs, PNGs and JPEGs are uploaded (seed ${SEED}), then none gets a 5xx and no process dies`, { timeout: 900_000 }, async (t) => {
    const env = { ...baseEnv(), DATABASE_URL: await freshDatabase(t), CHECKS_IN_FLIGHT_PER_ACCOUNT: '100000', OCR_PAGES_PER_HOUR_PER_ACCOUNT: '100000' }
    const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
    const api = await startApi(env, { port: await freePort(), hooks: t })
    const token = await tokenFor(api.base, reseller)
    const services = (await call(api.base, 'GET', '/api/services/resellable', token)).json as { serviceId: number, checkType: string }[]
    const risk = services.find((s) => s.checkType === 'Document risk')!.serviceId
    const sub = await call(api.base, 'POST', '/api/accounts', token, { name: `Risk only ${randomBytes(3).toString('hex')}`, enabledServices: [risk] })
    assert.equal(sub.status, 201, sub.text)
    await runCli(env, ['account', 'rate-limit', String(sub.json.account.id), '100000'])
    const riskToken = await tokenFor(api.base, sub.json.credentials)
    const caseOf = async (who: string) => (await call(api.base, 'POST', '/api/cases', who, { urn: `FUZZ-${randomBytes(4).toString('hex')}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })).json.id as number
    const riskCase = await caseOf(riskToken)
    // An account needs a document service to upload at all; KYC starts nothing on documentType Other.
    const kyc = services.find((s) => s.checkType === 'KYC')!.serviceId
    const bare = await call(api.base, 'POST', '/api/accounts', token, { name: `KYC only ${randomBytes(3).toString('hex')}`, enabledServices: [kyc] })
    assert.equal(bare.status, 201, bare.text)
    await runCli(env, ['account', 'rate-limit', String(bare.json.account.id), '100000'])
    const bareToken = await tokenFor(api.base, bare.json.credentials)
    const bareCase = await caseOf(bareToken)

    const bases: Base[] = [
      { bytes: await readFile(new URL('clean-statement.pdf', SAMPLES)), kind: 'pdf' },
      { bytes: await readFile(new URL('ten-page-statement.pdf', SAMPLES)), kind: 'pdf' },
      { bytes: await readFile(new URL('scanned-statement.pdf', SAMPLES)), kind: 'pdf' },
      { bytes: await readFile(new URL('scanned-statement.png', SAMPLES)), kind: 'png' },
      { bytes: await readFile(new URL('01-td1-clean.png', KYC_SET)), kind: 'png' },
      { bytes: await readFile(new URL('04-td3-jpeg.jpeg', KYC_SET)), kind: 'jpeg' },
      { bytes: (await objectStreamBomb(200_000)).bytes, kind: 'pdf' }, { bytes: lzwBomb(3).bytes, kind: 'pdf' }, { bytes: plainRunLengthBomb(100_000).bytes, kind: 'pdf' },
      { bytes: hugeImagePdf().bytes, kind: 'pdf' }, { bytes: hugeJpegPdf().bytes, kind: 'pdf' }, { bytes: hugeMediaBox().bytes, kind: 'pdf' },
      { bytes: deepNesting(500).bytes, kind: 'pdf' }, { bytes: mrzBandBomb().bytes, kind: 'png' },
    ]
    const random = seededRandom(SEED)
    const plan = Array.from({ length: UPLOADS }, (_, n) => {
      const base = pick(random, bases)
      return { n, base, bytes: mutate(random, base, pick(random, bases)), full: n % 20 === 0, documentType: n % 20 === 0 ? pick(random, ['BankStatement', 'Passport'] as const) : 'Other' }
    })

    const statuses: Record<string, number> = {}
    const serverErrors: string[] = []
    const fullCases: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < plan.length && !api.hasExited()) {
        const item = plan[next++]!
        // Half the rest from the KYC-only account: the upload's own inspection is all that reads them.
        const who = item.full ? token : item.n % 2 === 0 ? riskToken : bareToken
        const caseId = item.full ? await caseOf(token) : item.n % 2 === 0 ? riskCase : bareCase
        const form = new FormData()
        form.append('documentType', item.documentType)
        form.append('file', new Blob([Uint8Array.from(item.bytes)], { type: MIME[item.base.kind] }), `fuzz-${item.n}.${item.base.kind}`)
        try {
          const res = await fetch(`${api.base}/api/cases/${caseId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${who}` }, body: form, signal: AbortSignal.timeout(60_000) })
          const text = await res.text()
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          if (res.status >= 500) serverErrors.push(`upload ${item.n} (${item.base.kind}): ${res.status} ${text.slice(0, 200)}`)
          if (res.status === 201 && item.full) fullCases.push(caseId)
        } catch (error) {
          serverErrors.push(`upload ${item.n} (${item.base.kind}): no answer: ${String(error)}`)
        }
      }
    }))
    const uploadSeconds = Math.round((performance.now() - started) / 1000)

    // The checks of the uploads with every service settle: completed, or failed with a sentence.
    const unsettled: string[] = []
    for (const caseId of fullCases) {
      const checks = await eventually(async () => (await call(api.base, 'GET', `/api/cases/${caseId}/checks`, token)).json as { checkType: string, status: string, failureReason: string | null }[],
        (list) => list.every((c) => c.status !== 'pending'), { timeoutMs: 180_000, intervalMs: 500, what: `case ${caseId}: checks settled` }).catch((error: Error) => { unsettled.push(error.message.slice(0, 300)); return [] })
      for (const c of checks) if (c.status === 'failed' && !(c.failureReason && c.failureReason.length > 20)) unsettled.push(`case ${caseId}: ${c.checkType} failed without a sentence`)
    }
    t.diagnostic(`${UPLOADS} uploads in ${uploadSeconds} s, answers ${JSON.stringify(statuses)}, ${fullCases.length} with every service settled; processes now: ${processTree(api.child.pid!).length}`)
    assert.equal(api.hasExited(), false, `the API died:\n${api.output().slice(-3000)}`)
    assert.equal((await call(api.base, 'GET', '/health/ready', null)).status, 200)
    assert.deepEqual(serverErrors, [])
    assert.deepEqual(unsettled, [])
  })
})
