// A JPEG's marker segments, walked from the bytes: the quantisation tables (DQT) no metadata library
// returns, the frame header, and whether the file ends where its entropy-coded data says it does.

/** The standard JPEG zigzag: the natural (row-major) index of each zigzag position. */
const ZIGZAG_TO_NATURAL = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
  28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
  54, 47, 55, 62, 63,
]

export interface JpegComponent { id: number, horizontal: number, vertical: number, tableId: number }

export interface JpegStructure {
  /** Quantisation tables by id, each 64 steps in natural (row-major) order. */
  tables: Map<number, number[]>
  components: JpegComponent[]
  width: number
  height: number
  progressive: boolean
  /** The file stops before its End Of Image marker: cut short in transfer or on disk. */
  truncated: boolean
}

/** A segment header or table that runs past the file: the bytes are not a whole JPEG. */
export class JpegDamaged extends Error {}

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const DQT = 0xdb
// Frame headers: baseline, extended, progressive, lossless, and their arithmetic-coded twins.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
const PROGRESSIVE = new Set([0xc2, 0xc6, 0xca, 0xce])
/** Segment walks stop here: a real file has a few dozen segments before its first scan. */
const MAX_SEGMENTS = 2_000

export function readJpegStructure (bytes: Uint8Array): JpegStructure {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegDamaged('no Start Of Image marker')
  const result: JpegStructure = { tables: new Map(), components: [], width: 0, height: 0, progressive: false, truncated: true }
  let at = 2
  for (let segments = 0; segments < MAX_SEGMENTS; segments++) {
    while (at < bytes.length && bytes[at] === 0xff && bytes[at + 1] === 0xff) at++ // fill bytes
    if (at + 2 > bytes.length) return result
    if (bytes[at] !== 0xff) throw new JpegDamaged(`no marker at byte ${at}`)
    const marker = bytes[at + 1]!
    if (marker === EOI) return { ...result, truncated: false }
    if (at + 4 > bytes.length) return result
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    const body = at + 4
    const end = at + 2 + length
    if (length < 2 || end > bytes.length) return result
    if (marker === DQT) readTables(bytes.subarray(body, end), result.tables)
    if (SOF.has(marker)) readFrame(bytes.subarray(body, end), result, PROGRESSIVE.has(marker))
    at = end
    // Entropy-coded data escapes 0xFF as FF 00, and restart markers are FF D0-D7: the next other marker ends the scan.
    if (marker === SOS) at = skipScan(bytes, at)
  }
  return result
}

function skipScan (bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue
    const next = bytes[i + 1]!
    if (next !== 0 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return i
  }
  return bytes.length
}

function readTables (segment: Uint8Array, tables: Map<number, number[]>): void {
  let at = 0
  while (at < segment.length) {
    const precision = segment[at]! >> 4
    const id = segment[at]! & 0x0f
    const size = precision === 0 ? 1 : 2
    if (at + 1 + 64 * size > segment.length) throw new JpegDamaged('a quantisation table runs past its segment')
    const table = new Array<number>(64)
    for (let k = 0; k < 64; k++) {
      const p = at + 1 + k * size
      table[ZIGZAG_TO_NATURAL[k]!] = size === 1 ? segment[p]! : (segment[p]! << 8) | segment[p + 1]!
    }
    tables.set(id, table)
    at += 1 + 64 * size
  }
}

function readFrame (segment: Uint8Array, result: JpegStructure, progressive: boolean): void {
  if (segment.length < 6) throw new JpegDamaged('a frame header is too short')
  result.height = (segment[1]! << 8) | segment[2]!
  result.width = (segment[3]! << 8) | segment[4]!
  result.progressive = progressive
  const count = segment[5]!
  result.components = []
  for (let c = 0; c < count && 6 + c * 3 + 2 < segment.length; c++) {
    const p = 6 + c * 3
    result.components.push({ id: segment[p]!, horizontal: segment[p + 1]! >> 4, vertical: segment[p + 1]! & 0x0f, tableId: segment[p + 2]! })
  }
}
