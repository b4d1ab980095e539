import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { it } from 'node:test'
import { deflateSync } from 'node:zlib'
import fc from 'fast-check'
import { PDFDocument } from 'pdf-lib'
import { buildTestApp } from '../helpers/build-test-app.ts'
import { eventually } from '../helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../helpers/given.ts'
import { givenCase } from '../helpers/given-cases.ts'
import { multipartBody } from '../helpers/multipart.ts'
import { SKIP_UNLESS_FAULTS } from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// Hostile files through the real upload and the real checks: malformed and mutated PDFs, a
// decompression bomb in a content stream, huge images, password-protected files, thousands of
// pages, a PNG that claims to be a PDF. Each gets a clear 4xx at upload, or is stored and its checks
// settle (completed, or failed with a reason); never a 5xx, never a check left pending, never a crash.
// The seed is fixed: FUZZ_SEED=<n> reruns another sequence, FUZZ_RUNS=<n> changes the count.

const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 60)
const SAMPLES = new URL('../../src/modules/documents/samples/', import.meta.url)
// The clean sample statement encrypted by Debian's qpdf, a tool idcheck did not write:
//   qpdf --encrypt statement-pw owner-pw 256 -- clean-statement.pdf statement-password-aes256.pdf
//   qpdf --allow-weak-crypto --encrypt statement-pw owner-pw 128 --use-aes=n -- clean-statement.pdf statement-password-rc4.pdf
//   qpdf --encrypt "" owner-pw 256 --print=none --modify=none --extract=n -- clean-statement.pdf statement-owner-password-only.pdf
const ENCRYPTED = new URL('files/', import.meta.url)

describeUnless(SKIP_UNLESS_FAULTS, 'hostile documents', async () => {
  const { app } = await buildTestApp({ rateLimitPerSecond: 100_000 })
  const caller = await givenReseller(app, { services: 'all' })
  const clean = await readFile(new URL('clean-statement.pdf', SAMPLES))

  /** Uploads to a fresh case; a 201's checks must all settle. The status and the settled checks. */
  async function uploadAndSettle (who: GivenClient, bytes: Uint8Array, label: string): Promise<{ status: number, body: string, checks: { checkType: string, status: string, failureReason: string | null }[] }> {
    const caseId = await givenCase(app, who)
    const { payload, contentType } = await multipartBody({ documentType: 'BankStatement', file: { bytes, fileName: 'fuzz.pdf', contentType: 'application/pdf' } })
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...who.auth, 'content-type': contentType }, payload })
    assert.ok(res.statusCode < 500, `${label}: ${res.statusCode} ${res.body}`)
    if (res.statusCode !== 201) {
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', label)
      assert.equal(JSON.parse(res.body).errors.length, 1, label)
      return { status: res.statusCode, body: res.body, checks: [] }
    }
    const checks = await eventually(async () => (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: who.auth })).json(),
      (list: { checkType: string, status: string, failureReason: string | null }[]) => list.length >= 2 && list.every((c) => c.status !== 'pending'), { timeoutMs: 120_000, intervalMs: 200, what: `${label}: checks settled` })
    for (const c of checks) if (c.status === 'failed') assert.ok(c.failureReason && c.failureReason.length > 10, `${label}: a failed check says why`)
    return { status: 201, body: res.body, checks }
  }

  it(`when ${RUNS} mutated statements are uploaded (bytes flipped, cut, repeated), then each is a 400 or settles`, { timeout: 900_000 }, async () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(clean.length - 1), value: fc.nat(255) }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat(clean.length - 1) }),
      fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(clean.length - 1), length: fc.integer({ min: 1, max: 400 }) }),
    )
    const outcomes: Record<string, number> = {}
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
      let bytes = Buffer.from(clean)
      for (const m of mutations) {
        if (m.kind === 'flip') { bytes = Buffer.from(bytes); bytes[m.at % bytes.length] = m.value }
        if (m.kind === 'cut') bytes = bytes.subarray(0, Math.max(1, m.at % bytes.length))
        if (m.kind === 'repeat') bytes = Buffer.concat([bytes.subarray(0, m.at), bytes.subarray(m.at, m.at + m.length), bytes.subarray(m.at)])
      }
      const { status, checks } = await uploadAndSettle(caller, bytes, JSON.stringify(mutations))
      const key = status === 201 ? `201 ${checks.map((c) => `${c.checkType} ${c.status}`).sort().join(', ')}` : String(status)
      outcomes[key] = (outcomes[key] ?? 0) + 1
    }), { seed: SEED, numRuns: RUNS })
    console.log(`mutated statements (seed ${SEED}):`, outcomes)
  })

  it('when a content stream inflates to 200 MB of zeros (a decompression bomb), then its checks settle and the service stays up', { timeout: 300_000 }, async () => {
    const doc = await PDFDocument.create()
    const page = doc.addPage([300, 300])
    const bomb = doc.context.flateStream(deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20)))
    page.node.set(doc.context.obj('Contents') as never, doc.context.register(bomb))
    const bytes = await doc.save()
    assert.ok(bytes.length < 1024 * 1024, `the bomb is small: ${bytes.length} bytes`)
    const { status, checks } = await uploadAndSettle(caller, bytes, 'bomb')
    assert.ok(status === 201 || status === 400, String(status))
    if (status === 201) assert.equal(checks.length >= 2, true)
    assert.equal((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, 200)
  })

  it('when a PDF has thousands of pages, a truncated PNG is sent as a PDF, or a PNG claims 60,000 × 60,000 pixels, then the documented 400 for each', { timeout: 300_000 }, async () => {
    const many = await PDFDocument.create()
    for (let i = 0; i < 3000; i++) many.addPage([100, 100])
    const manyPages = await uploadAndSettle(caller, await many.save(), 'thousands of pages')
    assert.deepEqual([manyPages.status, JSON.parse(manyPages.body)], [400, { errors: ['The PDF has 3000 pages; at most 50 are accepted.'] }])

    const png = await readFile(new URL('scanned-statement.png', SAMPLES))
    const truncatedPng = await uploadAndSettle(caller, png.subarray(0, 5000), 'a truncated PNG declared as a PDF')
    assert.deepEqual([truncatedPng.status, JSON.parse(truncatedPng.body)], [400, { errors: ['The PNG image is cut short (its end is missing): upload the whole file again.'] }])

    // A PNG header claiming 60,000 × 60,000 pixels: refused from its header, before anything decodes it.
    const huge = Buffer.from(png)
    huge.writeUInt32BE(60_000, 16)
    huge.writeUInt32BE(60_000, 20)
    const hugeImage = await uploadAndSettle(caller, huge, 'huge image')
    assert.deepEqual([hugeImage.status, JSON.parse(hugeImage.body)], [400, { errors: ['The image is 60000 × 60000 pixels; at most 40,000,000 pixels are accepted.'] }])
  })

  it('when a PDF needs a password to open (AES-256 or RC4), then 400 saying so; when only an owner password restricts it, then it is accepted and its document checks complete', { timeout: 120_000 }, async () => {
    for (const file of ['statement-password-aes256.pdf', 'statement-password-rc4.pdf']) {
      const locked = await uploadAndSettle(caller, await readFile(new URL(file, ENCRYPTED)), file)
      assert.deepEqual([locked.status, JSON.parse(locked.body)], [400, { errors: ['The PDF is password-protected; upload it without a password.'] }], file)
    }
    const restricted = await uploadAndSettle(caller, await readFile(new URL('statement-owner-password-only.pdf', ENCRYPTED)), 'owner password only')
    assert.equal(restricted.status, 201, restricted.body)
    assert.deepEqual(restricted.checks.filter((c) => c.checkType.startsWith('Document')).map((c) => `${c.checkType} ${c.status}`).sort(), ['DocumentExtraction completed', 'DocumentRisk completed'])
  })
})
