// A deflate decoder that only counts: for damaged Flate data, whose output pdf.js keeps up to the
// damage while zlib gives nothing back, and which must still count towards the budget.

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
