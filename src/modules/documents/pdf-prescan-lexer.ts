/**
 * A forgiving, linear reader of a PDF's objects for the pre-scan: dictionaries, arrays, numbers,
 * names and references; strings are skipped; a stream's data is jumped over, never lexed.
 */
export class Ref {
  readonly num: number
  readonly gen: number
  constructor (num: number, gen: number) { this.num = num; this.gen = gen }
}

export class Keyword {
  readonly word: string
  constructor (word: string) { this.word = word }
}

/** A name keeps its leading slash, so it cannot be mistaken for a keyword. */
export type PdfValue = number | string | Ref | Keyword | PdfValue[] | PdfDict | null
export type PdfDict = Map<string, PdfValue>

export class NestedTooDeep extends Error {}

/** Arrays longer than this keep only their first elements: nothing the pre-scan reads is longer. */
const ARRAY_KEEP = 4096

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00
const isDelimiter = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d ||
  c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25
const isRegular = (c: number | undefined) => c !== undefined && !isWhite(c) && !isDelimiter(c)

const EOF = Symbol('eof')

/**
 * Reads one stretch of a PDF (an object's body, or an object stream's content), calling `onDict`
 * for every dictionary in it, nested ones included, once complete.
 */
export class PdfLexer {
  private pos = 0
  private readonly bytes: Uint8Array
  private readonly text: Buffer
  private readonly maxDepth: number
  private readonly onDict: (dict: PdfDict) => void

  constructor (bytes: Uint8Array, maxDepth: number, onDict: (dict: PdfDict) => void) {
    this.bytes = bytes
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.maxDepth = maxDepth
    this.onDict = onDict
  }

  /** The object's value and, when the keyword `stream` follows it, where the stream's data starts. */
  objectBody (): { value: PdfValue, dataStart: number | null } {
    const value = this.value(0)
    if (value === EOF) return { value: null, dataStart: null }
    this.skipWhite()
    const at = this.pos
    if (this.text.toString('latin1', at, at + 6) !== 'stream' || isRegular(this.bytes[at + 6])) return { value, dataStart: null }
    let dataStart = at + 6
    if (this.bytes[dataStart] === 0x0d) dataStart++
    if (this.bytes[dataStart] === 0x0a) dataStart++
    return { value, dataStart }
  }

  /** Every value to the end (an object stream's objects). */
  readAll (): void {
    while (this.value(0) !== EOF);
  }

  private skipWhite (): void {
    const { bytes } = this
    while (this.pos < bytes.length) {
      const c = bytes[this.pos]!
      if (isWhite(c)) { this.pos++; continue }
      if (c === 0x25) { while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++; continue }
      return
    }
  }

  private value (depth: number): PdfValue | typeof EOF {
    if (depth > this.maxDepth) throw new NestedTooDeep()
    this.skipWhite()
    const { bytes } = this
    if (this.pos >= bytes.length) return EOF
    const c = bytes[this.pos]!
    if (c === 0x2f) return this.name()
    if (c === 0x3c && bytes[this.pos + 1] === 0x3c) return this.dict(depth)
    if (c === 0x3c) { const end = this.text.indexOf(0x3e, this.pos); this.pos = end < 0 ? bytes.length : end + 1; return null }
    if (c === 0x28) { this.skipLiteralString(); return null }
    if (c === 0x5b) return this.array(depth)
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.numberOrRef()
    if (isRegular(c)) {
      const start = this.pos
      while (isRegular(bytes[this.pos])) this.pos++
      return new Keyword(this.text.toString('latin1', start, Math.min(this.pos, start + 32)))
    }
    this.pos++
    return null
  }

  private name (): string {
    const { bytes } = this
    this.pos++
    let name = '/'
    while (isRegular(bytes[this.pos])) {
      const c = bytes[this.pos]!
      if (c === 0x23 && isHex(bytes[this.pos + 1]) && isHex(bytes[this.pos + 2])) {
        name += String.fromCharCode(parseInt(this.text.toString('latin1', this.pos + 1, this.pos + 3), 16))
        this.pos += 3
      } else {
        if (name.length < 128) name += String.fromCharCode(c)
        this.pos++
      }
    }
    return name
  }

  private dict (depth: number): PdfDict {
    this.pos += 2
    const dict: PdfDict = new Map()
    for (;;) {
      this.skipWhite()
      if (this.pos >= this.bytes.length) break
      if (this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e) { this.pos += 2; break }
      const key = this.value(depth + 1)
      if (key === EOF) break
      if (typeof key !== 'string' || !key.startsWith('/')) continue
      const value = this.value(depth + 1)
      if (value === EOF) break
      dict.set(key, value)
    }
    this.onDict(dict)
    return dict
  }

  private array (depth: number): PdfValue[] {
    this.pos++
    const items: PdfValue[] = []
    for (;;) {
      this.skipWhite()
      if (this.pos >= this.bytes.length) break
      if (this.bytes[this.pos] === 0x5d) { this.pos++; break }
      if (this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e) { this.pos += 2; continue }
      const item = this.value(depth + 1)
      if (item === EOF) break
      if (items.length < ARRAY_KEEP) items.push(item)
    }
    return items
  }

  private numberOrRef (): PdfValue {
    const first = this.number()
    if (!Number.isInteger(first) || first < 0) return first
    const saved = this.pos
    this.skipWhite()
    const c = this.bytes[this.pos]
    if (c !== undefined && c >= 0x30 && c <= 0x39) {
      const second = this.number()
      this.skipWhite()
      if (Number.isInteger(second) && this.bytes[this.pos] === 0x52 && !isRegular(this.bytes[this.pos + 1])) {
        this.pos++
        return new Ref(first, second)
      }
    }
    this.pos = saved
    return first
  }

  private number (): number {
    const start = this.pos
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos]!
      if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) this.pos++
      else break
    }
    const value = Number(this.text.toString('latin1', start, Math.min(this.pos, start + 40)))
    return Number.isFinite(value) ? value : 0
  }

  private skipLiteralString (): void {
    const { bytes } = this
    let depth = 0
    while (this.pos < bytes.length) {
      const c = bytes[this.pos++]!
      if (c === 0x5c) { this.pos++; continue }
      if (c === 0x28) depth++
      else if (c === 0x29 && --depth === 0) return
    }
  }
}

const isHex = (c: number | undefined) => c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))

/** The end of a stream's data when `endstream` follows `length` bytes on (after an end of line), else -1. */
export function endAt (text: Buffer, dataStart: number, length: number): number {
  if (!Number.isInteger(length) || length < 0 || dataStart + length > text.length) return -1
  let at = dataStart + length
  while (at < text.length && at < dataStart + length + 4 && isWhite(text[at]!)) at++
  return text.toString('latin1', at, at + 9) === 'endstream' ? dataStart + length : -1
}
