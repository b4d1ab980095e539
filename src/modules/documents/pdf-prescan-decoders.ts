import { constants, inflateRawSync, inflateSync } from 'node:zlib'
import { countInflated } from './pdf-prescan-inflate.ts'

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
