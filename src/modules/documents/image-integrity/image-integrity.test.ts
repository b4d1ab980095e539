import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCanvas } from '@napi-rs/canvas'
import { seededRandom } from '#shared/seeded-random.ts'
import { earlierStepEvidence } from './double-compression.ts'
import { editingProgramSignals } from './editing-programs.ts'
import { imageDamage } from './image-completeness.ts'
import { readJpegStructure } from './jpeg-structure.ts'
import { isScreenSized, screenshotSignals } from './screenshot.ts'

// The pure parts of image integrity; the signals through an upload are in documents.bad-images.test.ts.

/** Laplacian coefficients (scale 12), quantised by each step in turn, as the encoders would. */
function coefficients (steps: number[], count = 20_000): number[] {
  const random = seededRandom(7)
  return Array.from({ length: count }, () => {
    const u = random() - 0.5
    let value = -12 * Math.sign(u) * Math.log(1 - 2 * Math.abs(u))
    for (const step of steps) value = Math.round((value + 0.4 * (random() - 0.5)) / step) * step
    return value
  })
}

describe('double compression evidence', () => {
  it('when coefficients were quantised by 7 and then by 4, then the earlier step 7 wins by far', () => {
    const evidence = earlierStepEvidence(coefficients([7, 4]), 4)
    assert.equal(evidence.earlierStep, 7)
    assert.ok(evidence.gainPerSample > 0.18, String(evidence.gainPerSample))
  })

  it('when they were quantised once by 4, then no earlier step gains more than noise', () => {
    const evidence = earlierStepEvidence(coefficients([4]), 4)
    assert.ok(evidence.gainPerSample < 0.01, String(evidence.gainPerSample))
  })

  it('when there are too few coefficients, then there is no evidence either way', () => {
    assert.deepEqual(earlierStepEvidence(coefficients([7, 4], 500), 4), { step: 4, earlierStep: null, gainPerSample: 0, samples: 356 })
  })
})

describe('JPEG structure', () => {
  it('when a JPEG is read, then its size, components and 64-step tables come from its markers, and it is whole', async () => {
    const canvas = createCanvas(320, 200)
    canvas.getContext('2d').fillRect(10, 10, 100, 100)
    const bytes = await canvas.encode('jpeg', 50)
    const structure = readJpegStructure(bytes)
    assert.deepEqual([structure.width, structure.height, structure.truncated, structure.progressive], [320, 200, false, false])
    const luminance = structure.tables.get(structure.components[0]!.tableId)!
    assert.equal(luminance.length, 64)
    assert.equal(luminance[0], 16) // the standard table's DC step at quality 50
    assert.equal(imageDamage(bytes, 'jpeg'), null)
    assert.equal(readJpegStructure(bytes.subarray(0, bytes.length - 100)).truncated, true)
    assert.match(imageDamage(bytes.subarray(0, bytes.length - 100), 'jpeg')!, /^The JPEG image is cut short/)
  })

  it('when the bytes do not start a JPEG, then it is damaged', () => {
    assert.throws(() => readJpegStructure(Buffer.from('not a jpeg')), /no Start Of Image/)
    assert.match(imageDamage(Buffer.from('not a jpeg'), 'jpeg')!, /cut short/)
  })
})

describe('metadata signals', () => {
  const metadata = (fields: Partial<{ programs: string[], comments: string[], hasCameraData: boolean }>) => ({ programs: [], comments: [], hasCameraData: false, ...fields })

  it('when a program is a converter or a camera app, then it is not an editor', () => {
    for (const program of ['ImageMagick 6.9.12', 'Android Camera', 'iOS 17.1', 'libvips']) {
      assert.deepEqual(editingProgramSignals(metadata({ programs: [program] }), 'identity'), [], program)
    }
    assert.equal(editingProgramSignals(metadata({ programs: ['Adobe Photoshop Lightroom Classic 13.1'] }), 'statement')[0]!.severity, 'medium')
  })

  it('when an image is screen-sized, then only one without camera data is a screenshot; either way up counts', () => {
    assert.ok(isScreenSized(2532, 1170) && isScreenSized(1920, 1080) && !isScreenSized(1654, 2339))
    assert.equal(screenshotSignals(metadata({}), { width: 1080, height: 2400 }).length, 1)
    assert.deepEqual(screenshotSignals(metadata({ hasCameraData: true }), { width: 1080, height: 2400 }), [])
    assert.match(screenshotSignals(metadata({ comments: ['Screenshot'] }), { width: 999, height: 777 })[0]!.message, /its metadata says "Screenshot"/)
  })
})
