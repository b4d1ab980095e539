import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { photoJpeg } from '../../../test/helpers/photo-jpeg.ts'
import { greyPng as png, pngText } from '../../../test/helpers/png.ts'

// Images that cannot be read are refused at upload from their headers and structure (400), or, when
// only reading tells (a blank page), fail their check with a sentence; every PNG and JPEG that is
// read gets its integrity signals from document risk.

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const JSON_TYPE = 'application/json; charset=utf-8'

type Check = { status: string, checkType: string, riskRating: { id: number, name: string } | null, result: any, failureReason: string | null }

async function upload (caller: GivenClient, caseId: number, bytes: Uint8Array, documentType = 'Passport', fileName = 'photo') {
  const { payload, contentType } = await multipartBody({ documentType, file: { bytes, fileName } })
  return app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
}

function assertRefused (res: { statusCode: number, headers: Record<string, unknown>, body: string }, sentence: string) {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(JSON.parse(res.body), { errors: [sentence] })
}

/** The document's check of `field` once settled. */
async function settled (caller: GivenClient, caseId: number, id: number, field: 'latestRisk' | 'latestExtraction' | 'latestKyc'): Promise<Check> {
  const detail = await eventually(async () => (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${id}`, headers: caller.auth })).json(),
    (d) => d[field] !== null && d[field] !== undefined && d[field].status !== 'pending', { timeoutMs: 60_000, what: `document ${id}'s ${field}` })
  return detail[field]
}

/** Document risk of an upload by an account with only that service. */
async function riskOf (bytes: Uint8Array, documentType = 'Passport'): Promise<Check> {
  const caller = await givenReseller(app, { services: [5] })
  const caseId = await givenCase(app, caller)
  const res = await upload(caller, caseId, bytes, documentType)
  assert.equal(res.statusCode, 201, res.body)
  return settled(caller, caseId, res.json().id, 'latestRisk')
}

describe('bad images at upload', () => {
  it('when an image is under 300 pixels wide, then 400 saying how wide it is and what is needed', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    assertRefused(await upload(caller, caseId, png(299, 900)), 'The image is only 299 pixels wide; a document needs at least 300 to be read: upload a larger photo or scan.')
    assertRefused(await upload(caller, caseId, await photoJpeg(90).then(async (big) => {
      const small = createCanvas(200, 150)
      small.getContext('2d').drawImage(await loadImage(big), 0, 0, 200, 150)
      return small.encode('jpeg', 90)
    })), 'The image is only 200 pixels wide; a document needs at least 300 to be read: upload a larger photo or scan.')
    const wideEnough = await upload(caller, caseId, png(300, 200, 128))
    assert.equal(wideEnough.statusCode, 201, wideEnough.body)
  })

  it('when an image has over 40 megapixels, then 400 from its header before anything decodes it', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    const header = png(300, 300)
    header.writeUInt32BE(8000, 16)
    header.writeUInt32BE(6000, 20)
    assertRefused(await upload(caller, caseId, header), 'The image is 8000 × 6000 pixels; at most 40,000,000 pixels are accepted.')
  })

  it('when a PNG or a JPEG is cut short, then 400 saying so, even when an EXIF thumbnail inside it ends whole', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    const whole = png(800, 600, 90)
    assertRefused(await upload(caller, caseId, whole.subarray(0, whole.length - 30)), 'The PNG image is cut short (its end is missing): upload the whole file again.')
    const jpeg = await photoJpeg(85)
    assertRefused(await upload(caller, caseId, jpeg.subarray(0, Math.floor(jpeg.length * 0.6))), 'The JPEG image is cut short (its end is missing): upload the whole file again.')
    // An APP1 segment holding a thumbnail's own Start and End Of Image, before the cut scan.
    const thumbnail = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from([0xff, 0xd8, 0xff, 0xd9])])
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, thumbnail.length + 2]), thumbnail])
    const withThumbnail = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2, Math.floor(jpeg.length * 0.6))])
    assertRefused(await upload(caller, caseId, withThumbnail), 'The JPEG image is cut short (its end is missing): upload the whole file again.')
  })

  it('when a photo of no document is uploaded as a passport, or a blank page as a statement, then KYC and extraction fail with a sentence saying what to upload', { timeout: 120_000 }, async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller, { givenNames: 'Anna Maria', surname: 'Eriksson', dobDay: 12, dobMonth: 7, dobYear: 1984 })
    const passport = await upload(caller, caseId, await photoJpeg(90))
    assert.equal(passport.statusCode, 201, passport.body)
    const kyc = await settled(caller, caseId, passport.json().id, 'latestKyc')
    assert.equal(kyc.status, 'failed')
    assert.match(kyc.failureReason!, /^[A-Z].{20,}[Uu]pload .{20,}\.$/)
    const statement = await upload(caller, caseId, png(1240, 1754), 'BankStatement')
    assert.equal(statement.statusCode, 201, statement.body)
    const extraction = await settled(caller, caseId, statement.json().id, 'latestExtraction')
    assert.equal(extraction.status, 'failed')
    assert.match(extraction.failureReason!, /^[A-Z].{20,}[Uu]pload .{20,}\.$/)
  })
})

describe('image integrity signals through an upload', () => {
  it('when a passport image names an editing program, then document risk is High with image_edited; a statement image is Medium', async () => {
    const edited = png(1200, 850, 200, { text: { Software: 'GIMP 2.10.36' } })
    const passport = await riskOf(edited)
    assert.equal(passport.status, 'completed', passport.failureReason ?? '')
    assert.deepEqual(passport.riskRating, { id: 3, name: 'High' })
    assert.deepEqual(passport.result, { signals: [{ code: 'image_edited', severity: 'high', message: 'The image was saved by an editing program (GIMP: "GIMP 2.10.36"): its content may have been changed; ask for an original photo or scan.' }] })
    const statement = await riskOf(edited, 'BankStatement')
    assert.deepEqual(statement.riskRating, { id: 2, name: 'Medium' })
    assert.deepEqual(statement.result.signals.map((s: { code: string, severity: string }) => `${s.code}:${s.severity}`), ['image_edited:medium'])
  })

  it('when the person\'s own passport sample is re-saved with Photoshop named in it, then KYC reads it and is High with image_edited', { timeout: 120_000 }, async () => {
    const caller = await givenReseller(app, { services: [1] })
    const caseId = await givenCase(app, caller, { givenNames: 'Anna Maria', surname: 'Eriksson', dobDay: 12, dobMonth: 7, dobYear: 1984 })
    const sample = (await app.inject({ method: 'GET', url: '/api/sandbox/sample-documents/passport-match.png' })).rawPayload
    const edited = Buffer.concat([sample.subarray(0, 33), pngText('Software', 'Adobe Photoshop 25.4 (Windows)'), sample.subarray(33)]) // after the signature and IHDR
    const res = await upload(caller, caseId, edited)
    assert.equal(res.statusCode, 201, res.body)
    const kyc = await settled(caller, caseId, res.json().id, 'latestKyc')
    assert.equal(kyc.status, 'completed', kyc.failureReason ?? '')
    assert.equal(kyc.result.mrz.surname, 'ERIKSSON')
    assert.deepEqual(kyc.riskRating, { id: 3, name: 'High' })
    assert.deepEqual(kyc.result.signals.filter((s: { code: string }) => s.code === 'image_edited'), [{ code: 'image_edited', severity: 'high', message: 'The image was saved by an editing program (Adobe Photoshop: "Adobe Photoshop 25.4 (Windows)"): its content may have been changed; ask for an original photo or scan.' }])
  })

  it('when an image is exactly a phone screen\'s size with no camera data, then Medium with screenshot', async () => {
    const check = await riskOf(png(1170, 2532, 230))
    assert.deepEqual(check.riskRating, { id: 2, name: 'Medium' })
    assert.deepEqual(check.result, { signals: [{ code: 'screenshot', severity: 'medium', message: 'The image looks like a screenshot (it is exactly a screen\'s size (1170 × 2532 pixels) and carries no camera data), not a photo or scan of the document itself: ask for the document photographed or scanned.' }] })
  })

  it('when a JPEG was saved at quality 70 and again at 95, then Medium with jpeg_double_compression; saved once at 95, then Low with no signal', async () => {
    const twice = await riskOf(await photoJpeg(95, 70))
    assert.deepEqual(twice.riskRating, { id: 2, name: 'Medium' })
    assert.deepEqual(twice.result.signals.map((s: { code: string }) => s.code), ['jpeg_double_compression'])
    const once = await riskOf(await photoJpeg(95))
    assert.deepEqual([once.riskRating, once.result], [{ id: 1, name: 'Low' }, { signals: [] }])
  })
})
