import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { buildTestApp } from '../../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../../test/helpers/eventually.ts'
import { givenCase } from '../../../../test/helpers/given-cases.ts'
import { givenReseller } from '../../../../test/helpers/given.ts'
import { multipartBody } from '../../../../test/helpers/multipart.ts'
import { photoJpeg } from '../../../../test/helpers/photo-jpeg.ts'
import { paintedContent } from './pdf-content-stream.ts'

// A scan delivered as an image-only PDF gets the same image signals as the scan uploaded alone: the
// JPEGs on pages that show no text are read for an editor's name, a screenshot and a second compression.

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const JSON_TYPE = 'application/json; charset=utf-8'

/** A camera-like photo saved once. */
const cameraPhoto = () => photoJpeg(92)

/** The JPEG with an APP1 segment inserted after its Start Of Image. */
function withApp1 (jpeg: Buffer, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, 0xe1, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)])
}

/** An XMP packet naming the program that saved the image, as GIMP and Photoshop write it. */
const xmp = (creatorTool: string) => Buffer.from(`http://ns.adobe.com/xap/1.0/\0<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="${creatorTool}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`, 'utf8')

/** A camera's EXIF: IFD0 with Make and Model (big-endian TIFF, the strings after the directory). */
function cameraExif (make: string, model: string): Buffer {
  const strings = [Buffer.from(`${make}\0`, 'latin1'), Buffer.from(`${model}\0`, 'latin1')]
  const ifd = Buffer.alloc(2 + 2 * 12 + 4)
  ifd.writeUInt16BE(2, 0)
  let offset = 8 + ifd.length
  ;[0x010f, 0x0110].forEach((tag, i) => {
    ifd.writeUInt16BE(tag, 2 + 12 * i)
    ifd.writeUInt16BE(2, 4 + 12 * i) // ASCII
    ifd.writeUInt32BE(strings[i]!.length, 6 + 12 * i)
    ifd.writeUInt32BE(offset, 10 + 12 * i)
    offset += strings[i]!.length
  })
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8]), ifd, ...strings])
}

/** A one-page PDF drawing the JPEG as the whole page, as a scanner app saves it; `text` adds a line of text. */
async function pdfOf (jpeg: Buffer, { producer, text }: { producer?: string, text?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const image = await doc.embedJpg(jpeg)
  const page = doc.addPage([595, 417])
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 417 })
  if (text !== undefined) page.drawText(text, { x: 20, y: 20, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) })
  if (producer !== undefined) doc.setProducer(producer)
  return doc.save()
}

/** Document risk of a PDF uploaded by an account with only that service: the upload's answer and the settled check. */
async function riskOf (bytes: Uint8Array, documentType = 'Passport') {
  const caller = await givenReseller(app, { services: [5] })
  const caseId = await givenCase(app, caller)
  const { payload, contentType } = await multipartBody({ documentType, file: { bytes, fileName: 'scan.pdf', contentType: 'application/pdf' } })
  const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
  assert.equal(res.statusCode, 201, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  const url = `/api/cases/${caseId}/documents/${res.json().id}`
  const detail = await eventually(() => app.inject({ method: 'GET', url, headers: caller.auth }),
    (r) => r.statusCode === 200 && r.json().latestRisk !== null && r.json().latestRisk.status !== 'pending', { timeoutMs: 60_000, what: 'document risk' })
  assert.equal(detail.headers['content-type'], JSON_TYPE)
  const { status, riskRating, result, failureReason } = detail.json().latestRisk
  return { status, riskRating, result, failureReason }
}

describe('image integrity of image-only PDFs', () => {
  it('when an image-only PDF holds a JPEG saved by GIMP, then document risk is High with image_edited naming the page', async () => {
    const check = await riskOf(await pdfOf(withApp1(await cameraPhoto(), xmp('GIMP 2.10.36'))))
    assert.deepEqual(check, {
      status: 'completed',
      riskRating: { id: 3, name: 'High' },
      result: { signals: [{ code: 'image_edited', severity: 'high', message: 'The image on page 1 was saved by an editing program (GIMP: "GIMP 2.10.36"): its content may have been changed; ask for an original photo or scan.' }] },
      failureReason: null,
    })
  })

  it('when an image-only PDF holds a camera JPEG saved once, then document risk is Low with no signal', async () => {
    const check = await riskOf(await pdfOf(withApp1(await cameraPhoto(), cameraExif('Canon', 'Canon EOS 250D'))))
    assert.deepEqual(check, { status: 'completed', riskRating: { id: 1, name: 'Low' }, result: { signals: [] }, failureReason: null })
  })

  it('when the PDF itself names Photoshop as its producer, then only the PDF\'s editing_tool says so, not the image inside it too', async () => {
    const check = await riskOf(await pdfOf(withApp1(await cameraPhoto(), xmp('Adobe Photoshop 25.4 (Windows)')), { producer: 'Adobe Photoshop 25.4 (Windows)' }))
    assert.deepEqual(check.result.signals.map((s: { code: string }) => s.code), ['editing_tool'])
  })

  it('when the page shows text beside the image (a statement with a logo), then the image is not read', async () => {
    const check = await riskOf(await pdfOf(withApp1(await cameraPhoto(), xmp('Adobe Photoshop 25.4 (Windows)')), { text: 'Statement of account' }), 'BankStatement')
    assert.deepEqual(check.result.signals.filter((s: { code: string }) => s.code === 'image_edited'), [])
  })
})

describe('content stream reading', () => {
  it('when a content stream draws an image, text, or an inline image whose data spells BT, then each is told apart', () => {
    const read = (content: string) => paintedContent(Buffer.from(content, 'latin1'))
    assert.deepEqual(read('q 595 0 0 842 0 0 cm /Im0 Do Q'), { drawsText: false, xobjects: ['Im0'] })
    assert.deepEqual(read('q /Im0 Do Q BT /F1 12 Tf (Hello) Tj ET'), { drawsText: true, xobjects: ['Im0'] })
    assert.deepEqual(read('% BT in a comment\n(BT in a string) pop <4254> pop q /Im1 Do Q'), { drawsText: false, xobjects: ['Im1'] })
    assert.deepEqual(read('BI /W 2 /H 1 /BPC 8 /CS /G ID BT EI Q /Im2 Do'), { drawsText: false, xobjects: ['Im2'] })
  })
})
