import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { constants, deflateSync, inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import {
  deepNesting, deflateRepeated, emptyXrefEntries, flateBomb, hexFlateBomb, hugeImagePdf, hugeJpegPdf, hugeMediaBox, lzwBomb, lzwBombData,
  objectStreamBomb, plainRunLengthBomb, rawPdf, runLengthBomb,
} from '../../../test/faults/hostile-files.ts'
import { ApiError, ValidationFailed } from '../../infra/http/api-error.ts'
import { seededRandom } from '#shared/seeded-random.ts'
import { prescanPdf } from './pdf-prescan.ts'
import { DEFAULT_MAX_DECODED_BYTES } from './pdf-prescan.ts'
import { bankStatementMetadata, longStatementContent, makeStatementPdf } from '../../../scripts/samples/statements/index.ts'

const SAMPLES = new URL('./samples/', import.meta.url)
const AGAIN = 'Save or print the document as a new PDF from the application that made it, and upload that.'
const MB64 = { maxDecodedBytes: DEFAULT_MAX_DECODED_BYTES }
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

function assertRefused (bytes: Uint8Array, sentence: string, budget: Parameters<typeof prescanPdf>[1] = MB64): void {
  assert.throws(() => prescanPdf(bytes, budget), (error: unknown) => {
    assert.ok(error instanceof ValidationFailed, String(error))
    assert.equal(error.statusCode, 400)
    assert.deepEqual(error.body, { errors: [`${sentence} ${AGAIN}`] })
    return true
  })
}

/** A one-page PDF whose content stream is `data` under `filter`. */
const withContent = (filter: string, data: Uint8Array) => rawPdf([
  { dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>' },
  { dict: `<< ${filter} /Length ${data.length} >>`, data },
])

describe('PDF pre-scan', () => {
  it('when the sample statements, KYC samples and generated statements (with and without object streams) are scanned, then each passes', async () => {
    const files: Uint8Array[] = []
    for (const name of (await readdir(SAMPLES)).filter((n) => n.endsWith('.pdf'))) files.push(new Uint8Array(await readFile(new URL(name, SAMPLES))))
    files.push(new Uint8Array(await readFile(new URL('../kyc/samples/passport-match.pdf', import.meta.url))))
    const long = await makeStatementPdf(longStatementContent(), bankStatementMetadata)
    files.push(long, await (await PDFDocument.load(long)).save({ useObjectStreams: true }))
    const scanned = await PDFDocument.load(await readFile(new URL('scanned-statement.pdf', SAMPLES)))
    files.push(await scanned.save({ useObjectStreams: true }))
    assert.equal(files.length, 8)
    for (const bytes of files) prescanPdf(bytes, MB64)
  })

  it('when an object stream claims 10,000,000 or 5,000,000 entries (the 39 KB and 20 KB attacks), then it is refused with the count', async () => {
    const big = await objectStreamBomb(10_000_000)
    assert.ok(big.bytes.length < 40_000, String(big.bytes.length))
    assertRefused(big.bytes, 'The PDF has an object stream that claims 10,000,000 objects; at most 100,000 are read from one.')
    assertRefused((await objectStreamBomb(5_000_000)).bytes, 'The PDF has an object stream that claims 5,000,000 objects; at most 100,000 are read from one.')
  })

  it('when an object stream claims more entries than its bytes could list, then it is refused', () => {
    const data = deflateSync(Buffer.from('1 0 << >>'))
    const bytes = rawPdf([{ dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
      { dict: `<< /Type /ObjStm /N 5000 /First 4 /Filter /FlateDecode /Length ${data.length} >>`, data }])
    assertRefused(bytes, 'The PDF has an object stream that claims 5,000 objects in 9 bytes, too few to list them.')
  })

  it('when one Flate stream holds 1 GiB of spaces in 1 MB, then it is refused having decoded at most the budget', async () => {
    const bomb = await flateBomb()
    assert.ok(bomb.bytes.length < 1_100_000, String(bomb.bytes.length))
    const started = performance.now()
    assertRefused(bomb.bytes, 'The PDF\'s compressed streams expand to more than 64 MB, the most idcheck reads from one document.')
    assert.ok(performance.now() - started < 2000, `took ${performance.now() - started} ms`)
  })

  it('when a Flate bomb is cut short or damaged after 80 MB of output, then what came out before counts and it is refused', async () => {
    const bomb = Buffer.from(await deflateRepeated(latin1(' '), 100 * 1024 * 1024))
    const cut = Math.floor(bomb.length * 0.85)
    const damaged = Buffer.concat([bomb.subarray(0, cut), Buffer.alloc(64, 0xff)])
    const sentence = 'The PDF\'s compressed streams expand to more than 64 MB, the most idcheck reads from one document.'
    assertRefused(withContent('/Filter /FlateDecode', bomb.subarray(0, cut)), sentence)
    assertRefused(withContent('/Filter /FlateDecode', damaged), sentence)
    assertRefused(withContent('/Filter /FlateDecode', damaged.subarray(2)), sentence)
    // 80 MB of spaces, then a block of the invalid type 3: zlib gives nothing back, pdf.js keeps the 80 MB.
    const invalid = Buffer.concat([deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20), { finishFlush: constants.Z_SYNC_FLUSH }), Buffer.from([0x07])])
    assert.throws(() => inflateSync(invalid), /invalid block type/)
    assertRefused(withContent('/Filter /FlateDecode', invalid), sentence)
    prescanPdf(withContent('/Filter /FlateDecode', invalid), { maxDecodedBytes: 80 * 1024 * 1024 })
  })

  it('when Flate streams hold exactly the budget together, then the PDF passes; one byte more, then it is refused', async () => {
    const budget = { maxDecodedBytes: 1000 }
    const twoStreams = (second: number) => rawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
      { dict: `<< /Filter /FlateDecode /Length ${deflateSync(Buffer.alloc(600)).length} >>`, data: deflateSync(Buffer.alloc(600)) },
      { dict: `<< /Filter /Fl /Length ${deflateSync(Buffer.alloc(second)).length} >>`, data: deflateSync(Buffer.alloc(second)) },
    ])
    prescanPdf(twoStreams(400), budget)
    assertRefused(twoStreams(401), 'The PDF\'s compressed streams expand to more than 0 MB, the most idcheck reads from one document.', budget)
  })

  it('when a bomb hides behind ASCIIHex, LZW, RunLength or Flate + RunLength, then it is refused', async () => {
    const sentence = 'The PDF\'s compressed streams expand to more than 64 MB, the most idcheck reads from one document.'
    for (const file of [await hexFlateBomb(), lzwBomb(), plainRunLengthBomb(), await runLengthBomb()]) assertRefused(file.bytes, sentence)
  })

  it('when filters are chained (ASCII85 over Flate, ASCIIHex, LZW), then their real decoded size counts, exactly', async () => {
    const flate = deflateSync(Buffer.alloc(5000, 0x41))
    const a85 = latin1(ascii85(flate) + '~>')
    prescanPdf(withContent('/Filter [/ASCII85Decode /FlateDecode]', a85), { maxDecodedBytes: 5000 + flate.length })
    assertRefused(withContent('/Filter [/A85 /Fl]', a85), 'The PDF\'s compressed streams expand to more than 0 MB, the most idcheck reads from one document.', { maxDecodedBytes: 5000 + flate.length - 1 })
    // One LZW cycle: a space, then codes 258…4095 each one byte longer than the last.
    const lzw = lzwBombData(1)
    const decoded = 1 + (2 + 3839) * 3838 / 2
    prescanPdf(withContent('/Filter /LZWDecode', lzw), { maxDecodedBytes: decoded })
    assertRefused(withContent('/Filter /LZWDecode', lzw), 'The PDF\'s compressed streams expand to more than 7 MB, the most idcheck reads from one document.', { maxDecodedBytes: decoded - 1 })
  })

  it('when a stream\'s indirect /Length runs past a false endstream, then the data up to the real length counts', () => {
    // RunLength: a literal run that reads "endstream", then 600,000 runs of 128 spaces (76.8 MB).
    const runs = new Uint8Array(1_200_000).map((_, i) => i % 2 === 0 ? 129 : 0x20)
    const data = Buffer.concat([Buffer.from([10]), Buffer.from('\nendstream\n'), runs])
    const bytes = rawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
      { dict: '<< /Filter /RunLengthDecode /Length 4 0 R >>', data }, { dict: String(data.length) },
    ])
    assertRefused(bytes, 'The PDF\'s compressed streams expand to more than 64 MB, the most idcheck reads from one document.')
    prescanPdf(rawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
      { dict: '<< /Filter /RunLengthDecode /Length 4 0 R >>', data: data.subarray(0, 1000) }, { dict: '1000' },
    ]), MB64)
  })

  it('when a PDF declares a huge image (in its dictionary or its JPEG frame), a huge page, deep nesting or absurd counts, then each is refused with its sentence', () => {
    assertRefused(hugeImagePdf().bytes, 'The PDF holds an image of 60,000 × 60,000 pixels; at most 40,000,000 pixels are read.')
    assertRefused(hugeJpegPdf().bytes, 'The PDF holds an image of 30,000 × 30,000 pixels; at most 40,000,000 pixels are read.')
    assertRefused(hugeMediaBox().bytes, 'The PDF has a page of 200,000 × 200,000 points; a page side may be at most 14,400 points (200 inches).')
    assertRefused(deepNesting().bytes, 'The PDF nests arrays or dictionaries more than 100 levels deep.')
    assertRefused(emptyXrefEntries().bytes, 'The PDF declares 100,000,000 objects, more than the 8,388,607 the PDF standard allows.')
    const zeroWidths = rawPdf([{ dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
      { dict: '<< /Type /XRef /Size 5000 /W [0 0 0] /Length 0 >>', data: new Uint8Array(0) }])
    assertRefused(zeroWidths, 'The PDF\'s cross-reference stream gives its entries no bytes.')
    const pages = rawPdf([{ dict: '<< /Type /Catalog /Pages 2 0 R >>' }, { dict: '<< /Type /Pages /Kids [] /Count 2000000000 >>' }])
    assertRefused(pages, 'The PDF declares 2,000,000,000 pages, more than a PDF can hold.')
  })

  it('when 1,500 random mutations of the samples and of hostile files are scanned, then each passes or is refused with a 400, never anything else', async () => {
    const random = seededRandom(28)
    const bases = [new Uint8Array(await readFile(new URL('clean-statement.pdf', SAMPLES))), new Uint8Array(await readFile(new URL('ten-page-statement.pdf', SAMPLES))),
      (await objectStreamBomb(20_000)).bytes, hugeImagePdf().bytes, lzwBomb(1).bytes]
    const outcomes = { passed: 0, refused: 0 }
    for (let i = 0; i < 1500; i++) {
      const bytes = Uint8Array.from(bases[i % bases.length]!)
      for (let k = 0; k < 1 + Math.floor(random() * 8); k++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256)
      const cut = random() < 0.2 ? bytes.subarray(0, Math.floor(random() * bytes.length)) : bytes
      try {
        prescanPdf(cut, { maxDecodedBytes: 2 * 1024 * 1024 })
        outcomes.passed++
      } catch (error) {
        assert.ok(error instanceof ApiError && error.statusCode === 400, `mutation ${i}: ${String(error)}`)
        outcomes.refused++
      }
    }
    assert.ok(outcomes.passed > 100 && outcomes.refused > 100, JSON.stringify(outcomes))
  })
})

function ascii85 (bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = [0, 1, 2, 3].map((k) => bytes[i + k] ?? 0)
    let value = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0
    const digits: string[] = []
    for (let k = 0; k < 5; k++) { digits.unshift(String.fromCharCode(33 + (value % 85))); value = Math.floor(value / 85) }
    out += digits.join('').slice(0, Math.min(5, bytes.length - i + 1))
  }
  return out
}
