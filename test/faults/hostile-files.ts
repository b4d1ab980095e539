import { createDeflate, deflateSync } from 'node:zlib'
import { greyPng } from '../helpers/png.ts'

// Each hostile file of issue 28 made from code, and others of the same families: small files whose
// declared structure (an object stream's count, a compressed stream's decoded size, an image's or a
// page's size, nesting) would make a parser allocate far beyond the file. Nothing here holds more
// than its output and one chunk of what it compresses.

// Re-exported for the tests that import it from here.
export { greyPng }

export interface HostileFile { name: string, bytes: Uint8Array, kind: 'pdf' | 'png' }

interface RawObject { dict: string, data?: Uint8Array }

const latin1 = (text: string) => Buffer.from(text, 'latin1')

/**
 * A PDF from raw objects (numbered from 1), with a classic cross-reference table; `compressed`
 * objects are instead listed as living in object stream `objectStream` through a cross-reference stream.
 */
export function rawPdf (objects: RawObject[], options: { compressed?: { num: number, objectStream: number }[] } = {}): Uint8Array {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]
  let length = parts[0]!.length
  const offsets: number[] = []
  const add = (buffer: Buffer) => { parts.push(buffer); length += buffer.length }
  objects.forEach((object, index) => {
    offsets[index + 1] = length
    if (object.data) {
      add(latin1(`${index + 1} 0 obj\n${object.dict}\nstream\n`))
      add(Buffer.from(object.data))
      add(latin1('\nendstream\nendobj\n'))
    } else {
      add(latin1(`${index + 1} 0 obj\n${object.dict}\nendobj\n`))
    }
  })
  const compressed = options.compressed ?? []
  if (compressed.length === 0) {
    const start = length
    const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
    add(latin1(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${start}\n%%EOF\n`))
    return new Uint8Array(Buffer.concat(parts))
  }
  const xrefNum = objects.length + 1
  offsets[xrefNum] = length
  const table = Buffer.alloc((xrefNum + 1) * 7)
  for (let num = 1; num <= xrefNum; num++) {
    const inStream = compressed.find((c) => c.num === num)
    table.writeUInt8(inStream ? 2 : 1, num * 7)
    table.writeUInt32BE(inStream ? inStream.objectStream : offsets[num]!, num * 7 + 1)
    table.writeUInt16BE(0, num * 7 + 5)
  }
  const data = deflateSync(table)
  add(latin1(`${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>\nstream\n`))
  add(data)
  add(latin1(`\nendstream\nendobj\nstartxref\n${offsets[xrefNum]}\n%%EOF\n`))
  return new Uint8Array(Buffer.concat(parts))
}

const CATALOG = { dict: '<< /Type /Catalog /Pages 2 0 R >>' }
const PAGES = { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' }
const page = (extra = '', mediaBox = '[0 0 595 842]') => ({ dict: `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents 4 0 R ${extra} >>` })
const stream = (dict: string, data: Uint8Array): RawObject => ({ dict: `<< ${dict} /Length ${data.length} >>`, data })

/** `total` bytes of `unit` repeated, deflated chunk by chunk: a gigabyte never sits in memory. */
export async function deflateRepeated (unit: Uint8Array, total: number, tail = new Uint8Array(0)): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  const block = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < block.length; i++) block[i] = unit[i % unit.length]!
  for (let written = 0; written < total; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, total - written))
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  const ended = new Promise((resolve) => deflate.once('end', resolve))
  deflate.end(tail)
  await ended
  return new Uint8Array(Buffer.concat(chunks))
}

/** The 39 KB PDF: its catalog sits in an object stream whose header claims `entries` objects (and lists them). */
export async function objectStreamBomb (entries = 10_000_000): Promise<HostileFile> {
  const data = await deflateRepeated(latin1('1 0 '), entries * 4, latin1(CATALOG.dict))
  const objects: RawObject[] = [CATALOG, PAGES, page(), stream('', latin1('BT ET')),
    stream(`/Type /ObjStm /N ${entries} /First ${entries * 4} /Filter /FlateDecode`, data)]
  return { name: `object stream claiming ${entries.toLocaleString('en')} entries`, kind: 'pdf', bytes: rawPdf(objects, { compressed: [{ num: 1, objectStream: 5 }] }) }
}

/** The 1 MB PDF: one Flate content stream of 1 GiB of spaces. */
export async function flateBomb (decodedBytes = 1024 ** 3): Promise<HostileFile> {
  const data = await deflateRepeated(latin1(' '), decodedBytes)
  return { name: `Flate stream of ${decodedBytes.toLocaleString('en')} spaces`, kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(), stream('/Filter /FlateDecode', data)]) }
}

/** The same bomb behind ASCIIHex: only a pre-scan that follows filter chains sees it. */
export async function hexFlateBomb (decodedBytes = 256 * 1024 ** 2): Promise<HostileFile> {
  const data = latin1(Buffer.from(await deflateRepeated(latin1(' '), decodedBytes)).toString('hex') + '>')
  return { name: 'ASCIIHex + Flate stream of spaces', kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(), stream('/Filter [/ASCIIHexDecode /FlateDecode]', data)]) }
}

/** LZW codes that each repeat the last string one byte longer: ~7 MB per 5.7 KB cycle. */
export function lzwBombData (cycles: number): Uint8Array {
  const codes: { code: number, width: number }[] = []
  for (let cycle = 0; cycle < cycles; cycle++) {
    codes.push({ code: 256, width: cycle === 0 ? 9 : 12 })
    codes.push({ code: 0x20, width: 9 })
    let next = 258
    let width = 9
    for (let code = 258; code < 4096; code++) {
      codes.push({ code, width })
      next++
      if (next + 1 >= 1 << width && width < 12) width++
    }
  }
  codes.push({ code: 257, width: 12 })
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const { code, width } of codes) {
    buffer = (buffer << width) | code
    bits += width
    while (bits >= 8) { out.push((buffer >>> (bits - 8)) & 0xff); bits -= 8 }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff)
  return new Uint8Array(out)
}

export function lzwBomb (cycles = 40): HostileFile {
  return { name: 'LZW stream expanding ~1300 times', kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(), stream('/Filter /LZWDecode', lzwBombData(cycles))]) }
}

/** RunLength runs of 128 spaces, themselves deflated: 64,000 times bigger decoded. */
export async function runLengthBomb (runs = 2_000_000): Promise<HostileFile> {
  const data = await deflateRepeated(new Uint8Array([129, 0x20]), runs * 2)
  return { name: 'Flate + RunLength stream of spaces', kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(), stream('/Filter [/FlateDecode /RunLengthDecode]', data)]) }
}

/** A plain RunLength stream: 2 bytes a run of 128. */
export function plainRunLengthBomb (runs = 600_000): HostileFile {
  const data = new Uint8Array(runs * 2 + 1)
  for (let i = 0; i < runs; i++) { data[2 * i] = 129; data[2 * i + 1] = 0x20 }
  data[runs * 2] = 128
  return { name: 'RunLength stream of spaces', kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(), stream('/Filter /RunLengthDecode', data)]) }
}

/** An image XObject that declares 60,000 × 60,000 pixels, drawn on the page. */
export function hugeImagePdf (): HostileFile {
  const pixels = deflateSync(Buffer.alloc(3 * 64))
  const objects = [CATALOG, PAGES, page('/Resources << /XObject << /Im0 5 0 R >> >>'), stream('', latin1('q 500 0 0 700 40 60 cm /Im0 Do Q')),
    stream('/Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode', pixels)]
  return { name: 'image declaring 60,000 × 60,000 pixels', kind: 'pdf', bytes: rawPdf(objects) }
}

/** A JPEG whose frame header claims 30,000 × 30,000 while its PDF dictionary says 10 × 10. */
export function hugeJpegPdf (): HostileFile {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x75, 0x30, 0x75, 0x30, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9])
  const objects = [CATALOG, PAGES, page('/Resources << /XObject << /Im0 5 0 R >> >>'), stream('', latin1('q 500 0 0 700 40 60 cm /Im0 Do Q')),
    stream('/Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', jpeg)]
  return { name: 'JPEG frame claiming 30,000 × 30,000 pixels', kind: 'pdf', bytes: rawPdf(objects) }
}

/** Arrays nested `depth` levels deep in the page's dictionary. */
export function deepNesting (depth = 100_000): HostileFile {
  return { name: `arrays nested ${depth.toLocaleString('en')} deep`, kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page(`/Deep ${'['.repeat(depth)}${']'.repeat(depth)}`), stream('', latin1('BT ET'))]) }
}

/** A page 200,000 points square: a renderer asked for 300 dpi would want a canvas of 10^13 pixels. */
export function hugeMediaBox (): HostileFile {
  return { name: 'page of 200,000 × 200,000 points', kind: 'pdf', bytes: rawPdf([CATALOG, PAGES, page('', '[0 0 200000 200000]'), stream('', latin1('BT ET'))]) }
}

/** A cross-reference stream whose entries take no bytes and which lists 100,000,000 of them. */
export function emptyXrefEntries (): HostileFile {
  const objects = [CATALOG, PAGES, page(), stream('', latin1('BT ET')), stream('/Type /XRef /Size 100000000 /W [0 0 0]', new Uint8Array(0))]
  return { name: 'cross-reference stream of 100,000,000 empty entries', kind: 'pdf', bytes: rawPdf(objects) }
}

/**
 * The PNG that blew up MRZ preparation: a 4-row band and a 3,500-row band, equally busy with
 * ink, so both are taken for MRZ lines and the tall one is drawn at the thin one's scale (about 5×).
 */
export function mrzBandBomb (width = 1000, height = 4000): HostileFile {
  const white = new Uint8Array(width).fill(255)
  const stripes = new Uint8Array(width)
  for (let x = 0; x < width; x++) stripes[x] = (x >> 2) % 2 === 0 ? 0 : 255
  const busy = (y: number) => (y >= 300 && y < 304) || (y >= 400 && y < height - 100)
  return { name: 'PNG with a thin and a very tall band of ink', kind: 'png', bytes: greyPng(width, height, (y) => busy(y) ? stripes : white) }
}

/** Every hostile PDF family, the slow-to-make ones included. */
export async function hostilePdfs (): Promise<HostileFile[]> {
  return [
    await objectStreamBomb(10_000_000), await objectStreamBomb(5_000_000), await flateBomb(), await hexFlateBomb(),
    lzwBomb(), await runLengthBomb(), plainRunLengthBomb(), hugeImagePdf(), hugeJpegPdf(), deepNesting(), hugeMediaBox(), emptyXrefEntries(),
  ]
}
