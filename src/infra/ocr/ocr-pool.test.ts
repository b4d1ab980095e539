import assert from 'node:assert/strict'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, describe, it } from 'node:test'
import { GlobalFonts, createCanvas } from '@napi-rs/canvas'
import { imageSize } from 'image-size'
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib'
import { deflateSync } from 'node:zlib'
import { lzwBomb } from '../../../test/faults/hostile-files.ts'
import { SandboxClosed, SandboxMemoryExceeded } from '../sandbox/sandbox-errors.ts'
import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfTooManyPages, PdfUnreadable, PoolClosed } from './ocr-errors.ts'
import { createStandaloneOcr } from './ocr-standalone.ts'

const ocr = createStandaloneOcr({ maxPixels: 4_000_000 })
const pool = ocr.forTenant('test')
after(() => ocr.close())

// The machine's fonts draw the test image; without any, canvas draws nothing to read.
const noFonts = GlobalFonts.families.length === 0 && 'no system fonts for @napi-rs/canvas to draw text with'

function textImage (lines: string[]): Uint8Array {
  const canvas = createCanvas(1200, 60 + lines.length * 50)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.fillStyle = '#000'
  ctx.font = '32px sans-serif'
  lines.forEach((line, i) => ctx.fillText(line, 40, 60 + i * 50))
  return new Uint8Array(canvas.toBuffer('image/png'))
}

async function pdfWithText (pages: string[], tamper?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const text of pages) doc.addPage([300, 200]).drawText(text, { x: 20, y: 150, size: 12, font })
  tamper?.(doc)
  return doc.save({ useObjectStreams: false })
}

/** An RC4 security handler whose /U matches no password, so opening needs one (pdf.js's PasswordException). */
function encrypt (doc: PDFDocument): void {
  const { context } = doc
  context.trailerInfo.Encrypt = context.register(context.obj({
    Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: PDFHexString.of('ab'.repeat(32)), U: PDFHexString.of('cd'.repeat(32)),
  }))
  context.trailerInfo.ID = context.obj([PDFHexString.of('00'.repeat(16)), PDFHexString.of('00'.repeat(16))])
}

describe('OCR: PDFs and photos in sandbox processes, tesseract in the OCR process', () => {
  it('when an image of printed text is recognised, then its words come back, without blocking the event loop', { skip: noFonts }, async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const result = await pool.recognise(textImage(['Sort code: 08-99-99', 'Account number: 66374958']))
    delay.disable()
    assert.match(result.text, /Sort code: 08-99-99/)
    assert.match(result.text, /Account number: 66374958/)
    assert.ok(result.confidence > 0.8 && result.confidence <= 1, `confidence ${result.confidence}`)
    // tesseract runs in another process: the loop here stays free (a blocked loop shows ~1 s)
    assert.ok(delay.max / 1e6 < 200, `event loop delayed ${delay.max / 1e6} ms`)
  })

  it('when an image has more pixels than maxPixels, then it is refused before any worker decodes it', async () => {
    const small = createStandaloneOcr({ maxPixels: 10_000 })
    const image = new Uint8Array(createCanvas(200, 100).toBuffer('image/png'))
    await assert.rejects(small.forTenant('t').recognise(image), (error: ImageTooLarge) => {
      assert.ok(error instanceof ImageTooLarge)
      assert.deepEqual([error.width, error.height, error.maxPixels], [200, 100, 10_000])
      assert.equal(error.message, 'The image is 200 × 100 pixels; at most 10000 pixels can be read')
      return true
    })
    assert.equal(small.liveWorkers(), 0)
    await small.close()
  })

  it('when the bytes are not a PNG or JPEG, then ImageUnreadable', async () => {
    await assert.rejects(pool.recognise(new TextEncoder().encode('not an image at all')), ImageUnreadable)
    const gif = Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0])
    await assert.rejects(pool.recognise(gif), { name: 'ImageUnreadable', message: 'The image is gif; only PNG and JPEG can be read' })
  })

  it('when a PNG is damaged, then ImageUnreadable, and the worker (and the process) carry on', { skip: noFonts }, async () => {
    const png = textImage(['Closing balance 2,337.68'])
    await assert.rejects(pool.recognise(png.subarray(0, png.length / 2)), { name: 'ImageUnreadable', message: 'The image data is damaged or incomplete' })
    assert.match((await pool.recognise(png)).text, /Closing balance 2,337.68/)
  })

  it('when a PDF\'s text layer is read, then each page comes back as lines, columns two spaces apart', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([400, 200])
    page.drawText('Balance', { x: 300, y: 150, size: 10, font })
    page.drawText('Opening balance', { x: 20, y: 150, size: 10, font })
    page.drawText('Northwind Bank plc', { x: 20, y: 180, size: 14, font })
    doc.addPage([400, 200])
    const text = await pool.readPdfText(await doc.save(), { maxPages: 5 })
    assert.deepEqual(text, { pageCount: 2, pages: ['Northwind Bank plc\nOpening balance  Balance', ''] })
  })

  it('when a PDF has more pages than allowed, then PdfTooManyPages with the count', async () => {
    await assert.rejects(pool.readPdfText(await pdfWithText(['a', 'b', 'c']), { maxPages: 2 }), { name: 'PdfTooManyPages', pageCount: 3, maxPages: 2 })
    assert.ok(new PdfTooManyPages(3, 2) instanceof Error)
  })

  it('when a PDF needs a password, then PdfPasswordProtected; when the bytes are no PDF, then PdfUnreadable', async () => {
    await assert.rejects(pool.readPdfText(await pdfWithText(['secret'], encrypt), { maxPages: 5 }), PdfPasswordProtected)
    await assert.rejects(pool.readPdfText(new TextEncoder().encode('%PDF-1.7 nothing else'), { maxPages: 5 }), PdfUnreadable)
  })

  it('when PDF pages are rendered, then each is a PNG at the dpi asked, or smaller when it would pass maxPixels', async () => {
    const pdf = await pdfWithText(['one', 'two'])
    const [first, second] = await pool.renderPdfPages(pdf, [1, 2], { dpi: 144 })
    const size = (png: Uint8Array) => [Buffer.from(png).readUInt32BE(16), Buffer.from(png).readUInt32BE(20)]
    assert.deepEqual(size(first!), [600, 400])
    assert.deepEqual(size(second!), [600, 400])
    const huge = await pool.renderPdfPages(pdf, [1], { dpi: 7200 })
    const [width, height] = size(huge[0]!)
    assert.ok(width! * height! <= 4_000_000 && width! > 2000, `${width} × ${height}`)
  })

  it('when PDF pages are rendered as JPEG, then each is a JPEG of the same size as the PNG would be', async () => {
    const pdf = await pdfWithText(['one'])
    const [page] = await pool.renderPdfPages(pdf, [1], { dpi: 144, format: 'jpeg' })
    assert.deepEqual(imageSize(page!), { width: 600, height: 400, type: 'jpg' })
  })

  it('when a PDF\'s content stream decodes to more than the memory budget, then SandboxMemoryExceeded, and the next PDF is read', async () => {
    // 300 MB of spaces in one Flate stream: under 1 MB on disk, as the attack's 1 GiB one was.
    const bomb = await pdfWithText(['x'], (doc) => {
      const stream = doc.context.stream(deflateSync(Buffer.alloc(300 * 1024 * 1024, 0x20), { level: 9 }), { Filter: 'FlateDecode' })
      doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.register(stream))
    })
    const tight = createStandaloneOcr({ maxPixels: 4_000_000, memoryMb: 150 })
    after(() => tight.close())
    await assert.rejects(tight.forTenant('t').readPdfText(bomb, { maxPages: 5 }), (error: Error) =>
      error instanceof SandboxMemoryExceeded && error.message === 'The file needed more than 150 MB of memory to read; it was not processed.')
    assert.deepEqual(await tight.forTenant('t').readPdfText(await pdfWithText(['after']), { maxPages: 5 }), { pageCount: 1, pages: ['after'] })
  })

  it('when an LZW stream expands past the budget and pdf.js rewraps the failed allocation, then it is still SandboxMemoryExceeded', async () => {
    // The documents module's pre-scan would refuse it first; this shows the sandbox holds without one.
    await assert.rejects(pool.readPdfText(lzwBomb().bytes, { maxPages: 5 }), (error: Error) =>
      error instanceof SandboxMemoryExceeded && error.message === 'The file needed more than 400 MB of memory to read; it was not processed.')
  })

  it('when line images are read with a set of characters, then each line comes back with only those characters', { skip: noFonts }, async () => {
    const line = (text: string) => {
      const canvas = createCanvas(400, 60)
      const ctx = canvas.getContext('2d')
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, 400, 60)
      ctx.fillStyle = '#000'
      ctx.font = '28px sans-serif'
      ctx.fillText(text, 20, 42)
      return new Uint8Array(canvas.toBuffer('image/png'))
    }
    const read = await pool.recogniseLines([line('AB12CD34'), line('7<<<9')], { characters: 'ABCD0123456789<' })
    assert.deepEqual(read.map((reading) => reading.text), ['AB12CD34', '7<<<9'])
    assert.ok(read.every((reading) => reading.symbols.length === reading.text.length && reading.confidence > 0.5), JSON.stringify(read.map((r) => r.confidence)))
  })

  it('when another module\'s image task runs, then it gets the image and its input; its failure is ImageUnreadable; an oversized image never reaches it', async () => {
    const own = createStandaloneOcr({ maxPixels: 10_000, taskModules: [new URL('../../../test/fixtures/sandbox/sandbox-test-tasks.ts', import.meta.url)] })
    after(() => own.close())
    const image = new Uint8Array(createCanvas(50, 20).toBuffer('image/png'))
    assert.deepEqual(await own.forTenant('t').runImageTask<{ label: string }>('echo', image, { label: 'seen' }).then(({ label }) => label), 'seen')
    await assert.rejects(own.forTenant('t').runImageTask('refuse', image, { detail: 'no lines' }), (error: Error) =>
      error instanceof ImageUnreadable && error.message === 'The image data is damaged or incomplete' && (error.cause as Error).message === 'Not a PDF: no lines')
    await assert.rejects(own.forTenant('t').runImageTask('echo', new Uint8Array(createCanvas(200, 100).toBuffer('image/png'))), ImageTooLarge)
  })

  it('when the OCR is closed, then its processes stop and it refuses work', async () => {
    const own = createStandaloneOcr({ maxPixels: 4_000_000 })
    await own.forTenant('t').recognise(new Uint8Array(createCanvas(100, 50).toBuffer('image/png')))
    await own.forTenant('t').readPdfText(await pdfWithText(['x']), { maxPages: 1 })
    assert.equal(own.liveWorkers(), 2)
    await own.close()
    assert.equal(own.liveWorkers(), 0)
    await assert.rejects(own.forTenant('t').readPdfText(await pdfWithText(['x']), { maxPages: 1 }), SandboxClosed)
    await assert.rejects(own.forTenant('t').recognise(textImage(['x'])), PoolClosed)
  })

  it('when the processes are idle for idleMs, then they stop by themselves', async () => {
    const own = createStandaloneOcr({ maxPixels: 4_000_000, idleMs: 50 })
    await own.forTenant('t').readPdfText(await pdfWithText(['x']), { maxPages: 1 })
    await sleep(300)
    assert.equal(own.liveWorkers(), 0)
    await own.close()
  })
})
