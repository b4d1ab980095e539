import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas'
import { drawIdentityDocument, IDENTITY_SAMPLE_DEFINITIONS, type IdentityDocumentContent, withGrain } from '../../../scripts/samples/identity-documents/index.ts'
import type { App } from '../../app.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const receiver = await startWebhookReceiver()
after(() => receiver.close())

/** The sandbox person every identity sample shows (docs/sandbox.md). */
const ANNA = { givenNames: 'Anna Maria', surname: 'Eriksson', dobDay: 12, dobMonth: 7, dobYear: 1984 }

type Check = { id: number, caseId: number, status: string, checkType: string, subject: { type: string, id: number }, riskRating: { id: number, name: string } | null, result: any, failureReason: string | null }

/** A sample as an integrator gets it: from the sandbox's sample-documents route. */
async function sample (name: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: `/api/sandbox/sample-documents/${name}` })
  assert.equal(res.statusCode, 200, `${name}: ${res.statusCode}`)
  return res.rawPayload
}

async function upload (on: App, caller: GivenClient, caseId: number, bytes: Uint8Array, fileName: string, documentType: string): Promise<number> {
  const { payload, contentType } = await multipartBody({ documentType, file: { bytes, fileName } })
  const res = await on.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().id
}

/** The document's KYC check once it has settled. */
async function settledKyc (on: App, caller: GivenClient, caseId: number, documentId: number): Promise<Check> {
  const detail = await eventually(async () => (await on.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${documentId}`, headers: caller.auth })).json() as { latestKyc: Check | null },
    (d) => d.latestKyc !== null && d.latestKyc.status !== 'pending', { timeoutMs: 60_000, what: `document ${documentId}'s KYC check` })
  return detail.latestKyc!
}

async function kycOf (name: string, documentType = 'Passport', person: Record<string, unknown> = ANNA) {
  const caller = await givenReseller(app, { services: 'all' })
  const caseId = await givenCase(app, caller, person)
  const documentId = await upload(app, caller, caseId, await sample(name), name, documentType)
  return { caller, caseId, documentId, check: await settledKyc(app, caller, caseId, documentId) }
}

const signalCodes = (check: Check) => check.result.signals.map((s: { code: string, severity: string }) => `${s.code}:${s.severity}`)

describe('KYC on upload (sandbox samples)', () => {
  it('when the person\'s passport is uploaded to their case, then KYC completes Low with the MRZ read, every comparison a match, and check.completed is sent', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    await givenWebhook(app, caller, receiver.url, ['check.completed'])
    const caseId = await givenCase(app, caller, ANNA)
    const documentId = await upload(app, caller, caseId, await sample('passport-match.png'), 'passport.png', 'Passport')
    const check = await settledKyc(app, caller, caseId, documentId)

    assert.equal(check.status, 'completed', check.failureReason ?? '')
    assert.deepEqual([check.checkType, check.subject, check.riskRating], ['KYC', { type: 'document', id: documentId }, { id: 1, name: 'Low' }])
    assert.deepEqual({ ...check.result.mrz, documentNumber: undefined }, {
      format: 'TD3', valid: true, failedCheckDigits: [], documentCode: 'P', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA',
      documentNumber: undefined, nationality: 'GBR', birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: null,
    })
    assert.deepEqual(check.result.comparison, {
      surname: { onCase: 'Eriksson', onDocument: 'ERIKSSON', outcome: 'match', similarity: 1 },
      givenNames: { onCase: 'Anna Maria', onDocument: 'ANNA MARIA', outcome: 'match', similarity: 1 },
      birthDate: { onCase: '1984-07-12', onDocument: '1984-07-12', outcome: 'match' },
    })
    assert.deepEqual(check.result.signals, [])
    assert.deepEqual(check.result.printed, { surname: 'ERIKSSON', givenNames: 'ANNA MARIA', birthDate: '1984-07-12', documentNumber: check.result.mrz.documentNumber, expirationDate: '2031-03-14' })
    assert.deepEqual(Object.values(check.result.printedComparison).map((c: any) => c.outcome), ['match', 'match', 'match', 'match', 'match'])

    const [event] = await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data.check?.id === check.id), 10_000)
      .then((r) => r.map((x) => JSON.parse(x.body)).filter((e) => e.data.check?.id === check.id))
    assert.equal(event.type, 'check.completed')
    assert.deepEqual(event.data, { caseId, check })
  })

  it('when the person\'s identity card is uploaded, then its TD1 MRZ and its printed fields are read and agree: Low', async () => {
    const { check } = await kycOf('id-card-match.png', 'IdentityCard')
    assert.deepEqual([check.status, check.riskRating, check.result.mrz.format, check.result.mrz.valid, signalCodes(check)], ['completed', { id: 1, name: 'Low' }, 'TD1', true, []])
    assert.deepEqual(check.result.printed, { surname: 'ERIKSSON', givenNames: 'ANNA MARIA', birthDate: '1984-07-12', documentNumber: 'IDG482715', expirationDate: '2032-10-08' })
  })

  for (const name of ['passport-match.jpeg', 'passport-match.pdf']) {
    it(`when the person's passport comes as ${name.endsWith('pdf') ? 'a scanned PDF' : 'a JPEG photo'}, then KYC completes Low`, async () => {
      const { check } = await kycOf(name)
      assert.deepEqual([check.status, check.riskRating, check.result.mrz.valid, check.result.mrz.surname, signalCodes(check)], ['completed', { id: 1, name: 'Low' }, true, 'ERIKSSON', []])
    })
  }

  it('when the passport\'s document number has a wrong check digit, then High with check_digit_invalid', async () => {
    const { check } = await kycOf('passport-bad-check-digit.png')
    assert.deepEqual([check.riskRating, check.result.mrz.valid, check.result.mrz.failedCheckDigits, signalCodes(check)],
      [{ id: 3, name: 'High' }, false, ['documentNumber'], ['check_digit_invalid:high']])
  })

  it('when the passport has expired, then High with expired', async () => {
    const { check } = await kycOf('passport-expired.png')
    assert.deepEqual([check.riskRating, check.result.mrz.expirationDate, signalCodes(check)], [{ id: 3, name: 'High' }, '2023-05-01', ['expired:high']])
  })

  it('when the passport names someone else, then High: the name and the date of birth differ', async () => {
    const { check } = await kycOf('passport-other-person.png')
    assert.deepEqual([check.riskRating, signalCodes(check)], [{ id: 3, name: 'High' }, ['name_mismatch:high', 'birth_date_mismatch:high']])
    assert.deepEqual([check.result.comparison.surname.onDocument, check.result.comparison.givenNames.onDocument], ['JOHNSON', 'PETER JAMES'])
  })

  it('when the passport spells the surname one letter short, then Medium with a minor name difference', async () => {
    const { check } = await kycOf('passport-name-variant.png')
    assert.deepEqual([check.riskRating, check.result.comparison.surname.outcome, signalCodes(check)], [{ id: 2, name: 'Medium' }, 'minor_difference', ['name_minor_difference:medium']])
  })

  it('when the image shows no MRZ, then the check fails with a reason a person can act on', async () => {
    const { check } = await kycOf('unreadable-scan.png')
    assert.equal(check.status, 'failed')
    assert.equal(check.riskRating, null)
    assert.match(check.failureReason!, /^No machine-readable zone \(MRZ\) was found/)
  })
})

/** Anna's passport as the sandbox sample draws it. */
const ANNAS_PASSPORT = IDENTITY_SAMPLE_DEFINITIONS.find((d) => d.name === 'passport-match.png')!.content
const DPI = 300
const png = (canvas: Canvas) => new Uint8Array(canvas.toBuffer('image/png'))

/**
 * Anna's passport whose printed page was edited: the page drawn with `edit`, its MRZ band (the
 * bottom fifth of a TD3 page, ICAO 9303) the genuine one, so every check digit still holds.
 */
function editedPassport (edit: Partial<IdentityDocumentContent>): Uint8Array {
  const genuine = drawIdentityDocument(ANNAS_PASSPORT, DPI)
  const edited = drawIdentityDocument({ ...ANNAS_PASSPORT, ...edit }, DPI)
  const page = createCanvas(genuine.width, genuine.height)
  const ctx = page.getContext('2d')
  ctx.drawImage(genuine, 0, 0)
  const pageAbove = Math.round(genuine.height * 0.76)
  ctx.drawImage(edited, 0, 0, edited.width, pageAbove, 0, 0, edited.width, pageAbove)
  return png(page)
}

/** The attack: Anna's two MRZ lines alone on a white strip, no photo, no printed page. */
async function typedMrzStrip (): Promise<Uint8Array> {
  const page = await loadImage(Buffer.from(png(drawIdentityDocument(ANNAS_PASSPORT, DPI))))
  const top = Math.round(page.height * 0.8)
  const strip = createCanvas(page.width + 200, page.height - top + 200)
  const ctx = strip.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, strip.width, strip.height)
  ctx.drawImage(page, 0, top, page.width, page.height - top, 100, 100, page.width, page.height - top)
  return png(strip)
}

/** Anna's passport with a camera's grain (normal noise of 4 grey levels) on the whole page, as the pasted sample's was before its band was laid over. */
const grainyPassport = () => new Uint8Array(withGrain(drawIdentityDocument(ANNAS_PASSPORT, DPI), 4).toBuffer('image/jpeg', 92))

async function kycOfBytes (bytes: Uint8Array) {
  const caller = await givenReseller(app, { services: 'all' })
  const caseId = await givenCase(app, caller, ANNA)
  const documentId = await upload(app, caller, caseId, bytes, 'passport.png', 'Passport')
  return settledKyc(app, caller, caseId, documentId)
}

describe('KYC: the printed zone must agree with the MRZ', () => {
  it('when only the two MRZ lines are uploaded, typed on a white strip, then Medium mrz_only, never Low, though every check digit and comparison holds', async () => {
    const check = await kycOfBytes(await typedMrzStrip())
    assert.deepEqual([check.status, check.riskRating, check.result.mrz.valid, signalCodes(check)], ['completed', { id: 2, name: 'Medium' }, true, ['mrz_only:medium']])
    assert.deepEqual([check.result.printed, check.result.printedComparison], [null, null])
    assert.deepEqual(Object.values(check.result.comparison).map((c: any) => c.outcome), ['match', 'match', 'match'])
  })

  for (const [field, edit, printed, mrz] of [
    ['surname', { surname: 'LINDQVIST' }, 'LINDQVIST', 'ERIKSSON'],
    ['birthDate', { birthDate: '1985-07-12' }, '1985-07-12', '1984-07-12'],
    ['documentNumber', { documentNumber: '925076474' }, '925076474', '925076473'],
  ] as const) {
    it(`when the printed ${field} was edited and the MRZ kept, then High viz_mrz_mismatch naming it`, async () => {
      const check = await kycOfBytes(editedPassport(edit))
      assert.deepEqual([check.riskRating, check.result.mrz.valid, signalCodes(check)], [{ id: 3, name: 'High' }, true, ['viz_mrz_mismatch:high']])
      assert.deepEqual(check.result.printedComparison[field], { printed, mrz, outcome: 'mismatch' })
      assert.match(check.result.signals[0].message, new RegExp(`^The printed ${{ surname: 'surname', birthDate: 'date of birth', documentNumber: 'document number' }[field]} \\(${printed}\\) is not the MRZ's \\(${mrz}\\)`))
    })
  }
})

describe('KYC: an MRZ band pasted over the page', () => {
  it('when the grainy photo\'s MRZ band was replaced by a flat one (the sandbox sample), then High mrz_band_pasted; the same photo unedited is Low', async () => {
    const [genuine, { check: pasted }] = await Promise.all([kycOfBytes(grainyPassport()), kycOf('passport-pasted-mrz.jpeg')])
    assert.deepEqual([genuine.riskRating, signalCodes(genuine)], [{ id: 1, name: 'Low' }, []])
    assert.deepEqual([pasted.riskRating, pasted.result.mrz.valid, signalCodes(pasted)], [{ id: 3, name: 'High' }, true, ['mrz_band_pasted:high']])
    assert.equal(pasted.result.signals[0].message, 'The band around the MRZ has none of the grain the rest of the photo or scan shows: it was laid over the page after the picture was taken, which is how an MRZ is replaced.')
  })
})

describe('KYC: when it runs and when it does not', () => {
  it('when a passport is uploaded to a Business case, then no KYC check is made (risk still runs)', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller, { type: 'Business', givenNames: null, surname: null, dobDay: null, dobMonth: null, dobYear: null, entityName: 'Eriksson Trading Ltd' })
    const documentId = await upload(app, caller, caseId, await sample('passport-match.png'), 'passport.png', 'Passport')
    const checks = await eventually(async () => (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[],
      (list) => list.some((c) => c.checkType === 'DocumentRisk' && c.status !== 'pending'), { what: 'the risk check' })
    assert.deepEqual(checks.filter((c) => c.subject.type === 'document').map((c) => [c.checkType, c.subject.id]), [['DocumentRisk', documentId]])
  })

  it('when the account lacks KYC, then an upload makes no KYC check and a request is 400 "The KYC service is not enabled on this account."', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller, ANNA)
    const documentId = await upload(app, caller, caseId, await sample('passport-match.png'), 'passport.png', 'Passport')
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'KYC', documentId } })
    assert.deepEqual([res.statusCode, res.json()], [400, { errors: ['The KYC service is not enabled on this account.'] }])
    const checks = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]
    assert.deepEqual(checks.map((c) => c.checkType), ['DocumentRisk'])
  })

  it('when KYC is requested again with POST …/checks, then 202 and a new check completes with the same result', async () => {
    const { caller, caseId, documentId, check: first } = await kycOf('passport-match.png')
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'KYC', documentId } })
    assert.equal(res.statusCode, 202, res.body)
    assert.equal(res.headers.location, `/api/cases/${caseId}/checks/${res.json().id}`)
    assert.deepEqual([res.json().checkType, res.json().status, res.json().subject], ['KYC', 'pending', { type: 'document', id: documentId }])
    const second = await settledKyc(app, caller, caseId, documentId)
    assert.equal(second.id, res.json().id)
    assert.deepEqual([second.riskRating, second.result], [first.riskRating, first.result])
  })

  it('when KYC is requested on a bank statement or on a Business case\'s passport, then 400 saying why, and no check', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const person = await givenCase(app, caller, ANNA)
    const statement = await upload(app, caller, person, await sample('clean-statement.pdf'), 'statement.pdf', 'BankStatement')
    const onStatement = await app.inject({ method: 'POST', url: `/api/cases/${person}/checks`, headers: caller.auth, payload: { checkType: 'KYC', documentId: statement } })
    assert.deepEqual([onStatement.statusCode, onStatement.json()], [400, { errors: [`KYC reads a Passport or IdentityCard; document ${statement} is a BankStatement.`] }])

    const business = await givenCase(app, caller, { type: 'Business', givenNames: null, surname: null, dobDay: null, dobMonth: null, dobYear: null, entityName: 'Eriksson Trading Ltd' })
    const passport = await upload(app, caller, business, await sample('passport-match.png'), 'passport.png', 'Passport')
    const onBusiness = await app.inject({ method: 'POST', url: `/api/cases/${business}/checks`, headers: caller.auth, payload: { checkType: 'KYC', documentId: passport } })
    assert.deepEqual([onBusiness.statusCode, onBusiness.json()], [400, { errors: [`KYC checks a person's identity document; case ${business} is a Business.`] }])
  })

  it('when KYC is requested without a documentId, or for another case\'s document, then 400 naming the field', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller, ANNA)
    const other = await givenCase(app, caller, ANNA)
    const documentId = await upload(app, caller, other, await sample('passport-match.png'), 'passport.png', 'Passport')
    const missing = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'KYC' } })
    assert.deepEqual([missing.statusCode, missing.json()], [400, { errors: ['The documentId field is required for a KYC check.'] }])
    const elsewhere = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'KYC', documentId } })
    assert.deepEqual([elsewhere.statusCode, elsewhere.json()], [400, { errors: [`The documentId field names no active document of this case: ${documentId}.`] }])
  })
})

describe('KYC in production settings', async () => {
  const { app: production } = await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000 })

  it('when a passport is uploaded in production, then the same engine reads it and rates it', async () => {
    const caller = await givenReseller(production, { services: 'all' })
    const caseId = await givenCase(production, caller, ANNA)
    const bytes = await readFile(new URL('./samples/passport-expired.png', import.meta.url))
    const documentId = await upload(production, caller, caseId, bytes, 'passport.png', 'Passport')
    const check = await settledKyc(production, caller, caseId, documentId)
    assert.deepEqual([check.status, check.riskRating, signalCodes(check)], ['completed', { id: 3, name: 'High' }, ['expired:high']])
  })
})
