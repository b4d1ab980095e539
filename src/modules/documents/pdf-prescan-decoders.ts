import { constants, inflateRawSync, inflateSync } from 'node:zlib'

/**
 * Decoders for the PDF filters whose output can dwarf their input, each stopping once it has made
 * `cap` + 1 bytes: the pre-scan learns that a stream is too big without ever holding more.
 */
export interface Decoded { bytes: Uint8Array, overCap: boolean }

class Sink {
  buf: Uint8Array
  length = 0
  readonly limit: number
  constructor (cap: number, hint: number) {
    this.limit = cap + 1
    this.buf = new Uint8Array(Math.max(16, Math.min(this.limit, hint)))
  }

  get full (): boolean { return this.length >= this.limit }

  push (byte: number): void {
    if (this.length === this.buf.length) this.grow(this.length + 1)
    this.buf[this.length++] = byte
  }

  pushAll (bytes: Uint8Array): void {
    const room = Math.min(bytes.length, this.limit - this.length)
    if (this.length + room > this.buf.length) this.grow(this.length + room)
    this.buf.set(bytes.subarray(0, room), this.length)
    this.length += room
  }

  fill (byte: number, count: number): void {
    const room = Math.min(count, this.limit - this.length)
    if (this.length + room > this.buf.length) this.grow(this.length + room)
    this.buf.fill(byte, this.length, this.length + room)
    this.length += room
  }

  private grow (needed: number): void {
    const next = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buf.length * 2)))
    next.set(this.buf.subarray(0, this.length))
    this.buf = next
  }

  result (): Decoded { return { bytes: this.buf.subarray(0, Math.min(this.length, this.limit - 1)), overCap: this.full } }
}

const isHexDigit = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
const hexValue = (c: number) => c <= 57 ? c - 48 : (c | 0x20) - 87

export function decodeAsciiHex (input: Uint8Array, cap: number): Decoded {
  const sink = new Sink(cap, input.length >> 1)
  let high = -1
  for (let i = 0; i < input.length && !sink.full; i++) {
    const c = input[i]!
    if (c === 0x3e) break
    if (!isHexDigit(c)) continue
    if (high < 0) high = hexValue(c)
    else { sink.push((high << 4) | hexValue(c)); high = -1 }
  }
  if (high >= 0 && !sink.full) sink.push(high << 4)
  return sink.result()
}

export function decodeAscii85 (input: Uint8Array, cap: number): Decoded {
  const sink = new Sink(cap, input.length)
  const group: number[] = []
  for (let i = 0; i < input.length && !sink.full; i++) {
    const c = input[i]!
    if (c === 0x7e) break
    if (c === 0x7a && group.length === 0) { for (let k = 0; k < 4; k++) sink.push(0); continue }
    if (c < 0x21 || c > 0x75) continue
    group.push(c - 0x21)
    if (group.length === 5) { pushGroup(sink, group, 4); group.length = 0 }
  }
  if (group.length > 1 && !sink.full) {
    const kept = group.length - 1
    while (group.length < 5) group.push(84)
    pushGroup(sink, group, kept)
  }
  return sink.result()
}

function pushGroup (sink: Sink, group: number[], bytes: number): void {
  let value = 0
  for (const digit of group) value = value * 85 + digit
  for (let k = 0; k < bytes; k++) sink.push(Math.floor(value / 2 ** (24 - 8 * k)) & 0xff)
}

export function decodeRunLength (input: Uint8Array, cap: number): Decoded {
  const sink = new Sink(cap, input.length * 2)
  let i = 0
  while (i < input.length && !sink.full) {
    const n = input[i++]!
    if (n === 128) break
    if (n < 128) { sink.pushAll(input.subarray(i, i + n + 1)); i += n + 1 } else {
      if (i >= input.length) break
      const byte = input[i++]!
      sink.fill(byte, 257 - n)
    }
  }
  return sink.result()
}

export function decodeLzw (input: Uint8Array, cap: number, earlyChange: number): Decoded {
  const sink = new Sink(cap, input.length * 3)
  const prefix = new Int32Array(4096)
  const suffix = new Uint8Array(4096)
  const lengths = new Int32Array(4096)
  for (let c = 0; c < 256; c++) { prefix[c] = -1; suffix[c] = c; lengths[c] = 1 }
  const scratch = new Uint8Array(4096)
  let next = 258
  let codeLength = 9
  let previous = -1
  let bitBuffer = 0
  let bits = 0
  let pos = 0
  while (!sink.full) {
    while (bits < codeLength && pos < input.length) { bitBuffer = ((bitBuffer << 8) | input[pos++]!) >>> 0; bits += 8 }
    if (bits < codeLength) break
    const code = (bitBuffer >>> (bits - codeLength)) & ((1 << codeLength) - 1)
    bits -= codeLength
    if (code === 256) { next = 258; codeLength = 9; previous = -1; continue }
    if (code === 257) break
    let first: number
    if (code < next) {
      first = emit(code)
    } else if (code === next && previous >= 0) {
      first = emit(previous)
      sink.push(first)
    } else {
      break
    }
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous
      suffix[next] = first
      lengths[next] = lengths[previous]! + 1
      next++
    }
    previous = code
    if (next + earlyChange >= 1 << codeLength && codeLength < 12) codeLength++
  }
  return sink.result()

  function emit (code: number): number {
    const length = lengths[code]!
    for (let k = length - 1, c = code; k >= 0; k--, c = prefix[c]!) scratch[k] = suffix[c]!
    sink.pushAll(scratch.subarray(0, length))
    return scratch[0]!
  }
}

/** FlateDecode (zlib, or raw deflate when the header is not zlib's, as pdf.js tolerates). */
export function decodeFlate (input: Uint8Array, cap: number): Decoded {
  const zlibHeader = input.length >= 2 && (input[0]! & 0x0f) === 8 && ((input[0]! << 8) | input[1]!) % 31 === 0
  const options = { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }
  try {
    const out = zlibHeader ? inflateSync(input, options) : inflateRawSync(input, options)
    return { bytes: new Uint8Array(out.buffer, out.byteOffset, Math.min(out.length, cap)), overCap: out.length > cap }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { bytes: new Uint8Array(0), overCap: true }
    // Damaged data: pdf.js still keeps what came out before the damage, so that is what counts.
    const counted = countInflated(input.subarray(zlibHeader ? 2 : 0), cap)
    return { bytes: new Uint8Array(0), overCap: counted > cap }
  }
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

interface Huffman { counts: Int32Array, symbols: Int32Array }

function huffman (lengths: ArrayLike<number>): Huffman {
  const counts = new Int32Array(16)
  for (let i = 0; i < lengths.length; i++) counts[lengths[i]!]!++
  counts[0] = 0
  const offsets = new Int32Array(16)
  for (let len = 1; len < 16; len++) offsets[len] = offsets[len - 1]! + counts[len - 1]!
  const symbols = new Int32Array(lengths.length)
  for (let i = 0; i < lengths.length; i++) if (lengths[i]) symbols[offsets[lengths[i]!]!++] = i
  return { counts, symbols }
}

class OutOfData extends Error {}

/**
 * How many bytes a deflate stream makes up to the point where it ends or is damaged, counted
 * without writing them (a back-reference only adds its length), stopping past `cap`.
 */
export function countInflated (data: Uint8Array, cap: number): number {
  let pos = 0
  let bitBuffer = 0
  let bitCount = 0
  let produced = 0
  const bits = (n: number): number => {
    while (bitCount < n) {
      if (pos >= data.length) throw new OutOfData()
      bitBuffer |= data[pos++]! << bitCount
      bitCount += 8
    }
    const value = bitBuffer & ((1 << n) - 1)
    bitBuffer >>>= n
    bitCount -= n
    return value
  }
  const symbol = (h: Huffman): number => {
    let code = 0; let first = 0; let index = 0
    for (let len = 1; len < 16; len++) {
      code |= bits(1)
      const count = h.counts[len]!
      if (code - count < first) return h.symbols[index + code - first]!
      index += count; first += count; first <<= 1; code <<= 1
    }
    throw new OutOfData()
  }
  const fixedLengths = new Uint8Array(288)
  fixedLengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288)
  const fixed = { lit: huffman(fixedLengths), dist: huffman(new Uint8Array(30).fill(5)) }
  try {
    let last = 0
    while (!last && produced <= cap) {
      last = bits(1)
      const type = bits(2)
      if (type === 0) {
        bitBuffer = 0; bitCount = 0
        if (pos + 4 > data.length) break
        const len = data[pos]! | (data[pos + 1]! << 8)
        pos += 4
        produced += Math.min(len, data.length - pos)
        pos += len
        continue
      }
      if (type === 3) break
      const { lit, dist } = type === 1 ? fixed : dynamicTables(bits, symbol)
      for (;;) {
        const sym = symbol(lit)
        if (sym < 256) { produced++; continue }
        if (sym === 256) break
        const index = sym - 257
        if (index >= 29) throw new OutOfData()
        const length = LENGTH_BASE[index]! + bits(LENGTH_EXTRA[index]!)
        const distSym = symbol(dist)
        if (distSym >= 30) throw new OutOfData()
        bits(DIST_EXTRA[distSym]!)
        produced += length
        if (produced > cap) return produced
      }
    }
  } catch (error) {
    if (!(error instanceof OutOfData)) throw error
  }
  return produced
}

function dynamicTables (bits: (n: number) => number, symbol: (h: Huffman) => number): { lit: Huffman, dist: Huffman } {
  const nlen = bits(5) + 257
  const ndist = bits(5) + 1
  const ncode = bits(4) + 4
  const codeLengths = new Uint8Array(19)
  for (let i = 0; i < ncode; i++) codeLengths[CODE_ORDER[i]!] = bits(3)
  const codes = huffman(codeLengths)
  const lengths = new Uint8Array(nlen + ndist)
  for (let i = 0; i < nlen + ndist;) {
    const sym = symbol(codes)
    if (sym < 16) { lengths[i++] = sym; continue }
    const repeat = sym === 16 ? 3 + bits(2) : sym === 17 ? 3 + bits(3) : 11 + bits(7)
    const value = sym === 16 ? (i > 0 ? lengths[i - 1]! : 0) : 0
    if (i + repeat > lengths.length) throw new OutOfData()
    lengths.fill(value, i, i + repeat)
    i += repeat
  }
  return { lit: huffman(lengths.subarray(0, nlen)), dist: huffman(lengths.subarray(nlen)) }
}
