import { ValidationFailed } from '../../infra/http/api-error.ts'
import { decodeAscii85, decodeAsciiHex, decodeFlate, decodeLzw, decodeRunLength } from './pdf-prescan-decoders.ts'
import type { Decoded } from './pdf-prescan-decoders.ts'
import { NestedTooDeep, PdfLexer, Ref, endAt } from './pdf-prescan-lexer.ts'
import type { PdfDict, PdfValue } from './pdf-prescan-lexer.ts'

export interface PrescanBudget {
  /** Bytes that all the document's Flate, LZW and RunLength streams may expand to, together. */
  maxDecodedBytes: number
  /** Pixels of the largest image a PDF may carry (pdf.js decodes an image whole, 4 bytes a pixel). */
  maxImagePixels?: number
}

export const DEFAULT_MAX_DECODED_BYTES = 64 * 1024 * 1024
export const DEFAULT_PRESCAN_BUDGET: Required<PrescanBudget> = { maxDecodedBytes: DEFAULT_MAX_DECODED_BYTES, maxImagePixels: 40_000_000 }

/** pdf.js sizes three arrays by an object stream's /N before reading one entry. */
export const MAX_OBJECT_STREAM_ENTRIES = 100_000
/** The PDF standard's own limit on indirect objects (ISO 32000-1, Annex C). */
export const MAX_OBJECTS = 8_388_607
/** The PDF standard's largest page side in points (200 inches). */
export const MAX_PAGE_SIDE = 14_400
/** Real documents nest a few levels; pdf.js parses nesting by recursion. */
export const MAX_NESTING = 100

const AGAIN = 'Save or print the document as a new PDF from the application that made it, and upload that.'

const refuse = (sentence: string): never => { throw new ValidationFailed([`${sentence} ${AGAIN}`]) }
const count = (n: number) => n.toLocaleString('en')
const megabytes = (bytes: number) => `${count(Math.round(bytes / (1024 * 1024)))} MB`
const isCount = (value: PdfValue | undefined): value is number => typeof value === 'number' && Number.isInteger(value)

const FILTERS: Record<string, string> = {
  '/FlateDecode': 'flate', '/Fl': 'flate', '/LZWDecode': 'lzw', '/LZW': 'lzw', '/RunLengthDecode': 'rl', '/RL': 'rl',
  '/ASCIIHexDecode': 'hex', '/AHx': 'hex', '/ASCII85Decode': 'a85', '/A85': 'a85', '/DCTDecode': 'dct', '/DCT': 'dct',
}

interface StreamFound { dict: PdfDict, dataStart: number }
type Integers = Map<number, number[]>

/**
 * Refuses, with a 400 naming the problem, a PDF whose declared structure cannot fit its size or
 * would make a parser allocate far beyond it: runs before pdf.js sees the file, in time linear in
 * its size, decoding no more than the budget allows. Anything else passes untouched.
 */
export function prescanPdf (bytes: Uint8Array, budget: PrescanBudget = DEFAULT_PRESCAN_BUDGET): void {
  const limits = { ...DEFAULT_PRESCAN_BUDGET, ...budget }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const integers: Integers = new Map()
  // An image's size may be an indirect object further on: images are checked once all are read.
  const images: PdfDict[] = []
  const check = (dict: PdfDict) => dict.get('/Subtype') === '/Image' ? images.push(dict) : checkDict(dict, integers, limits)
  const streams = readObjects(bytes, text, integers, check)
  for (const image of images) checkDict(image, integers, limits)
  const endstreams = positionsOf(text, 'endstream')
  let decodedSoFar = 0
  for (const stream of streams) {
    const data = bytes.subarray(stream.dataStart, streamEnd(text, stream, integers, endstreams))
    const decoded = decodeChain(stream.dict, data, limits.maxDecodedBytes - decodedSoFar)
    decodedSoFar += decoded.total
    if (decoded.overCap) refuse(`The PDF's compressed streams expand to more than ${megabytes(limits.maxDecodedBytes)}, the most idcheck reads from one document.`)
    const type = stream.dict.get('/Type')
    if (type === '/ObjStm') checkObjectStream(stream.dict, decoded.bytes, check)
    if (type === '/XRef') checkXrefStream(stream.dict, decoded.bytes)
    if (decoded.jpeg) checkJpeg(decoded.jpeg, limits.maxImagePixels)
  }
}

const OBJECT_HEADER = /(\d{1,10})[\0\t\n\f\r ]+\d{1,5}[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g
const TRAILER = /trailer[\0\t\n\f\r ]*<</g

/**
 * Every `n g obj` in the file is read on its own, up to the next one, as pdf.js finds objects by
 * offset and not in order: a damaged or hostile object cannot hide the ones after it.
 */
function readObjects (bytes: Uint8Array, text: Buffer, integers: Integers, check: (dict: PdfDict) => void): StreamFound[] {
  const source = text.toString('latin1')
  const starts: { num: number, body: number, at: number }[] = []
  for (const match of source.matchAll(OBJECT_HEADER)) starts.push({ num: Number(match[1]), body: match.index + match[0].length, at: match.index })
  const streams: StreamFound[] = []
  starts.forEach(({ num, body }, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.at : bytes.length
    const { value, dataStart } = lex(new PdfLexer(bytes.subarray(body, end), MAX_NESTING, check), (lexer) => lexer.objectBody())
    if (typeof value === 'number' && Number.isInteger(value)) remember(integers, num, value)
    if (value instanceof Map && dataStart !== null) streams.push({ dict: value, dataStart: body + dataStart })
  })
  const trailers = [...source.matchAll(TRAILER)].map((match) => match.index + match[0].length - 2)
  trailers.forEach((at, i) => {
    const end = Math.min(bytes.length, at + 65_536, trailers[i + 1] ?? Infinity)
    lex(new PdfLexer(bytes.subarray(at, end), MAX_NESTING, check), (lexer) => lexer.objectBody())
  })
  return streams
}

/** An object number's integer values: a few, the latest always among them (a file may define one thousands of times). */
function remember (integers: Integers, num: number, value: number): void {
  const values = integers.get(num) ?? []
  if (values.length < 16) values.push(value)
  else values[15] = value
  integers.set(num, values)
}

function lex<T> (lexer: PdfLexer, read: (lexer: PdfLexer) => T): T {
  try {
    return read(lexer)
  } catch (error) {
    if (error instanceof NestedTooDeep) refuse(`The PDF nests arrays or dictionaries more than ${MAX_NESTING} levels deep.`)
    throw error
  }
}

function positionsOf (text: Buffer, word: string): number[] {
  const found: number[] = []
  for (let at = text.indexOf(word, 0, 'latin1'); at >= 0; at = text.indexOf(word, at + word.length, 'latin1')) found.push(at)
  return found
}

/**
 * Where pdf.js would take the data to end: at /Length when `endstream` follows it (the longest such
 * length when an indirect /Length is defined more than once), else at the next `endstream`.
 */
function streamEnd (text: Buffer, stream: StreamFound, integers: Integers, endstreams: number[]): number {
  const length = stream.dict.get('/Length')
  const candidates = typeof length === 'number' ? [length] : length instanceof Ref ? integers.get(length.num) ?? [] : []
  const ends = candidates.map((candidate) => endAt(text, stream.dataStart, candidate)).filter((end) => end >= 0)
  if (ends.length > 0) return Math.max(...ends)
  let low = 0
  let high = endstreams.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (endstreams[mid]! < stream.dataStart) low = mid + 1
    else high = mid
  }
  return low < endstreams.length ? endstreams[low]! : text.length
}

interface ChainResult { bytes: Uint8Array, total: number, overCap: boolean, jpeg: Uint8Array | null }

/** Runs the stream's filters while they are ones that can expand; every byte any stage makes counts. */
function decodeChain (dict: PdfDict, raw: Uint8Array, room: number): ChainResult {
  const filterValue = dict.get('/Filter')
  const names = Array.isArray(filterValue) ? filterValue : filterValue === undefined ? [] : [filterValue]
  const params = dict.get('/DecodeParms')
  let bytes = raw
  let total = 0
  for (const [index, name] of names.entries()) {
    const kind = typeof name === 'string' ? FILTERS[name] : undefined
    if (kind === 'dct') return { bytes, total, overCap: false, jpeg: bytes }
    if (kind === undefined) break
    const cap = room - total
    const param = Array.isArray(params) ? params[index] : params
    const out: Decoded = kind === 'flate'
      ? decodeFlate(bytes, cap)
      : kind === 'lzw'
        ? decodeLzw(bytes, cap, earlyChange(param))
        : kind === 'rl' ? decodeRunLength(bytes, cap) : kind === 'hex' ? decodeAsciiHex(bytes, cap) : decodeAscii85(bytes, cap)
    if (out.overCap) return { bytes: out.bytes, total: room + 1, overCap: true, jpeg: null }
    total += out.bytes.length
    bytes = out.bytes
  }
  return { bytes, total, overCap: false, jpeg: null }
}

function earlyChange (param: PdfValue | undefined): number {
  const value = param instanceof Map ? param.get('/EarlyChange') : undefined
  return value === 0 ? 0 : 1
}

function checkDict (dict: PdfDict, integers: Integers, limits: Required<PrescanBudget>): void {
  const resolve = (value: PdfValue | undefined) => value instanceof Ref ? Math.max(0, ...integers.get(value.num) ?? []) : value
  const size = dict.get('/Size')
  if (isCount(size) && size > MAX_OBJECTS) refuse(`The PDF declares ${count(size)} objects, more than the ${count(MAX_OBJECTS)} the PDF standard allows.`)
  const pages = dict.get('/Count')
  if (dict.get('/Type') === '/Pages' && isCount(pages) && pages > MAX_OBJECTS) refuse(`The PDF declares ${count(pages)} pages, more than a PDF can hold.`)
  if (dict.get('/Subtype') === '/Image') {
    const width = resolve(dict.get('/Width'))
    const height = resolve(dict.get('/Height'))
    if (isCount(width) && isCount(height) && width * height > limits.maxImagePixels) {
      refuse(`The PDF holds an image of ${count(width)} × ${count(height)} pixels; at most ${count(limits.maxImagePixels)} pixels are read.`)
    }
  }
  for (const key of ['/MediaBox', '/CropBox']) {
    const box = dict.get(key)
    if (!Array.isArray(box) || box.length !== 4 || !box.every((n) => typeof n === 'number')) continue
    const [x0, y0, x1, y1] = box as number[]
    const unit = typeof dict.get('/UserUnit') === 'number' ? Math.max(1, dict.get('/UserUnit') as number) : 1
    const width = Math.abs(x1! - x0!) * unit
    const height = Math.abs(y1! - y0!) * unit
    if (width > MAX_PAGE_SIDE || height > MAX_PAGE_SIDE) {
      refuse(`The PDF has a page of ${count(Math.round(width))} × ${count(Math.round(height))} points; a page side may be at most ${count(MAX_PAGE_SIDE)} points (200 inches).`)
    }
  }
}

function checkObjectStream (dict: PdfDict, decoded: Uint8Array, check: (dict: PdfDict) => void): void {
  const entries = dict.get('/N')
  const first = dict.get('/First')
  if (!isCount(entries) || entries < 0) return
  if (entries > MAX_OBJECT_STREAM_ENTRIES) {
    refuse(`The PDF has an object stream that claims ${count(entries)} objects; at most ${count(MAX_OBJECT_STREAM_ENTRIES)} are read from one.`)
  }
  // Each entry is two numbers and two separators at the least.
  if (entries * 4 - 1 > decoded.length) {
    refuse(`The PDF has an object stream that claims ${count(entries)} objects in ${count(decoded.length)} bytes, too few to list them.`)
  }
  const start = isCount(first) && first >= 0 && first < decoded.length ? first : 0
  lex(new PdfLexer(decoded.subarray(start), MAX_NESTING, check), (lexer) => lexer.readAll())
}

function checkXrefStream (dict: PdfDict, decoded: Uint8Array): void {
  const widths = dict.get('/W')
  const size = dict.get('/Size')
  const index = dict.get('/Index')
  const ranges = Array.isArray(index) ? index : [0, size ?? 0]
  let entries = 0
  for (let i = 1; i < ranges.length; i += 2) entries += isCount(ranges[i]) ? Math.max(0, ranges[i] as number) : 0
  if (entries > MAX_OBJECTS) refuse(`The PDF's cross-reference stream lists ${count(entries)} objects, more than the ${count(MAX_OBJECTS)} the PDF standard allows.`)
  if (!Array.isArray(widths) || widths.length < 3) return
  const entryBytes = widths.slice(0, 3).reduce<number>((sum, w) => sum + (isCount(w) ? w : 0), 0)
  // With every field zero bytes wide, pdf.js would read the declared entries forever from no data.
  if (entryBytes === 0 && entries > 0) refuse('The PDF\'s cross-reference stream gives its entries no bytes.')
  if (entryBytes > 0 && entries > decoded.length / entryBytes + 1 && entries > 1000) {
    refuse(`The PDF's cross-reference stream lists ${count(entries)} objects in ${count(decoded.length)} bytes, too few to hold them.`)
  }
}

/** A DCT image's own frame size: pdf.js decodes the JPEG at the size its frame header gives. */
function checkJpeg (data: Uint8Array, maxPixels: number): void {
  let i = 2
  while (i + 8 < data.length) {
    if (data[i] !== 0xff) return
    const marker = data[i + 1]!
    if (marker === 0xff) { i++; continue }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (data[i + 5]! << 8) | data[i + 6]!
      const width = (data[i + 7]! << 8) | data[i + 8]!
      if (width * height > maxPixels) refuse(`The PDF holds an image of ${count(width)} × ${count(height)} pixels; at most ${count(maxPixels)} pixels are read.`)
      return
    }
    i += (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01 ? 2 : 2 + ((data[i + 2]! << 8) | data[i + 3]!)
  }
}
