import { type Decoded, decodeAscii85, decodeAsciiHex, decodeFlate, decodeLzw, decodeRunLength } from '../pdf-prescan-decoders.ts'

/** What a page's (or a form's) content stream paints: whether any text, and the XObjects it draws by name. */
export interface PaintedContent { drawsText: boolean, xobjects: string[] }

const TEXT_OPERATORS = new Set(['BT', 'Tj', 'TJ', '\'', '"'])
const DECODERS: Record<string, (input: Uint8Array, cap: number) => Decoded> = {
  FlateDecode: decodeFlate, Fl: decodeFlate, ASCIIHexDecode: decodeAsciiHex, AHx: decodeAsciiHex, ASCII85Decode: decodeAscii85, A85: decodeAscii85,
  RunLengthDecode: decodeRunLength, RL: decodeRunLength, LZWDecode: (input, cap) => decodeLzw(input, cap, 1), LZW: (input, cap) => decodeLzw(input, cap, 1),
}

/**
 * A content stream's bytes through its filters, with the pre-scan's bounded decoders (the file is
 * hostile): null when a filter is not one of them or the result would pass `cap` bytes.
 */
export function decodeContent (raw: Uint8Array, filters: readonly string[], cap: number): Uint8Array | null {
  let bytes = raw
  for (const filter of filters) {
    const decode = DECODERS[filter]
    if (decode === undefined) return null
    const out = decode(bytes, cap)
    if (out.overCap) return null
    bytes = out.bytes
  }
  return bytes
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00
const isDelimiter = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25
const isRegular = (c: number | undefined) => c !== undefined && !isWhite(c) && !isDelimiter(c)

/** Reads a decoded content stream's operators, in one pass: strings, comments and inline image data are skipped, never taken for operators. */
export function paintedContent (bytes: Uint8Array): PaintedContent {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const xobjects: string[] = []
  let lastName: string | null = null
  let at = 0
  while (at < bytes.length) {
    const c = bytes[at]!
    if (isWhite(c)) { at++; continue }
    if (c === 0x25) { while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++; continue }
    if (c === 0x28) { at = afterLiteralString(bytes, at); lastName = null; continue }
    if (c === 0x3c && bytes[at + 1] === 0x3c) { at += 2; continue }
    if (c === 0x3c) { const end = text.indexOf('>', at); at = end < 0 ? bytes.length : end + 1; lastName = null; continue }
    if (c === 0x2f) {
      const start = ++at
      while (isRegular(bytes[at])) at++
      lastName = text.slice(start, at)
      continue
    }
    if (!isRegular(c)) { at++; continue }
    const start = at
    while (isRegular(bytes[at])) at++
    const word = text.slice(start, at)
    if (TEXT_OPERATORS.has(word)) return { drawsText: true, xobjects }
    if (word === 'Do' && lastName !== null) xobjects.push(lastName)
    if (word === 'BI') at = afterInlineImage(text, at)
    lastName = null
  }
  return { drawsText: false, xobjects }
}

const INLINE_IMAGE_END = /\sEI(?=\s|$)/g

/** An inline image's data is binary, not operators: it runs from ID to an EI between white space. */
function afterInlineImage (text: string, from: number): number {
  const data = text.indexOf('ID', from)
  if (data < 0) return text.length
  INLINE_IMAGE_END.lastIndex = data + 3
  const end = INLINE_IMAGE_END.exec(text)
  return end === null ? text.length : end.index + 3
}

function afterLiteralString (bytes: Uint8Array, from: number): number {
  let depth = 0
  let at = from
  while (at < bytes.length) {
    const c = bytes[at++]!
    if (c === 0x5c) { at++; continue }
    if (c === 0x28) depth++
    else if (c === 0x29 && --depth === 0) return at
  }
  return at
}
