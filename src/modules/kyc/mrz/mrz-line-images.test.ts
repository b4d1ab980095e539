import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { imageSize } from 'image-size'
import { greyPng, mrzBandBomb } from '../../../../test/faults/hostile-files.ts'
import { LINE_MAX_PIXELS, MRZ_CAP_HEIGHTS, prepareMrzLines } from './mrz-line-images.ts'

const KYC_SET = new URL('../../../../bench/kyc/set/', import.meta.url)

/** Peak resident memory above the start while `work` runs, sampled every 5 ms. */
async function peakRssGrowth (work: () => Promise<void>): Promise<number> {
  const start = process.memoryUsage.rss()
  let peak = start
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()) }, 5)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return Math.max(peak, process.memoryUsage.rss()) - start
}

describe('MRZ line preparation', () => {
  it('when an identity card of the bench set is prepared, then each attempt gives its three lines, each a line-sized image', async () => {
    const bytes = new Uint8Array(await readFile(new URL('01-td1-clean.png', KYC_SET)))
    const prepared = await prepareMrzLines(bytes)
    assert.deepEqual([prepared.located, prepared.quarterTurns, prepared.attempts.length], [true, 0, MRZ_CAP_HEIGHTS.length])
    for (const [attempt, lines] of prepared.attempts.entries()) {
      assert.equal(lines.length, 3, `attempt ${attempt}`)
      for (const line of lines) {
        const { width, height } = imageSize(line)
        assert.ok(height < 120 && width < 1500, `attempt ${attempt}: ${width} × ${height}`)
      }
    }
  })

  it('when a 10 KB PNG has a 4-row and a 3,500-row band of ink (the image that drove OCR past 6 GB), then only line-sized images come out and memory stays bounded', async () => {
    const bomb = mrzBandBomb()
    assert.ok(bomb.bytes.length < 12_000, String(bomb.bytes.length))
    const sizes: string[] = []
    const growth = await peakRssGrowth(async () => {
      for (const lines of (await prepareMrzLines(bomb.bytes)).attempts) {
        for (const line of lines) {
          const { width, height } = imageSize(line)
          assert.ok(width * height <= LINE_MAX_PIXELS, `${width} × ${height}`)
          sizes.push(`${width}x${height}`)
        }
      }
    })
    // Drawn at the thin band's scale the tall band alone would have been about 6,000 × 25,000 pixels.
    assert.equal(sizes.length, MRZ_CAP_HEIGHTS.length, sizes.join(' '))
    // Bounded means far from those gigabytes: the file run alone grows 267-282 MB, and 332 MB beside a whole suite on 2 cores.
    assert.ok(growth < 400 * 1024 * 1024, `RSS grew ${Math.round(growth / 1024 / 1024)} MB`)
  })

  it('when the image is 300 × 60,000 pixels of busy rows, then it is analysed shrunk to its pixel budget and no call overflows', async () => {
    const row = new Uint8Array(300).map((_, x) => (x >> 1) % 2 === 0 ? 0 : 255)
    const white = new Uint8Array(300).fill(255)
    const tall = greyPng(300, 60_000, (y) => y % 40 < 8 ? row : white)
    const growth = await peakRssGrowth(async () => {
      const [lines] = (await prepareMrzLines(tall)).attempts
      for (const line of lines!) {
        const { width, height } = imageSize(line)
        assert.ok(width * height <= LINE_MAX_PIXELS, `${width} × ${height}`)
      }
    })
    assert.ok(growth < 300 * 1024 * 1024, `RSS grew ${Math.round(growth / 1024 / 1024)} MB`)
  })
})
