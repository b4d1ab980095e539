import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { drawIdentityDocument, encodeScan, mrzLines, photograph, type IdentityDocumentContent, type PhotoEffects } from '../../../../scripts/samples/identity-documents/index.ts'
import { glyphCandidate } from './mrz-glyph-repair.ts'
import { prepareMrzLines } from './mrz-line-images.ts'

const NOW = new Date('2026-11-26T00:00:00Z')
const PASSPORT: IdentityDocumentContent = {
  documentType: 'Passport', issuingState: 'NLD', surname: 'VAN DER BERG', givenNames: 'SOFIA', documentNumber: 'XN8403617', nationality: 'NLD',
  birthDate: '1990-02-28', sex: 'female', expirationDate: '2033-06-30', personalNumber: '',
}
const CARD: IdentityDocumentContent = { ...PASSPORT, documentType: 'IdentityCard', surname: 'OKAFOR', givenNames: 'BEN', documentNumber: 'PL5093826', sex: 'male' }
const STILL: PhotoEffects = { frameWidth: 1200, pageShare: 0.8, offset: [0, 0], tiltDeg: 0, perspective: 0, lightFalloff: 0, blurPx: 0, quarterTurns: 0 }

/** The document photographed, then found and read glyph by glyph as the sandbox task does. */
async function readPhoto (doc: IdentityDocumentContent, effects: Partial<PhotoEffects>) {
  const bytes = encodeScan(photograph(drawIdentityDocument(doc, 200), { ...STILL, ...effects }), { jpegQuality: 80 })
  const prepared = await prepareMrzLines(bytes, { capHeights: [] })
  return { prepared, reading: prepared.glyphs && glyphCandidate(prepared.glyphs, NOW) }
}

describe('finding the MRZ on a photo and reading it glyph by glyph', () => {
  for (const [quarterTurns, rotation] of [[1, 3], [2, 2], [3, 1]] as const) {
    it(`when the photo is turned ${quarterTurns * 90}° clockwise, then it is read after a ${rotation * 90}° turn back, every line as printed`, async () => {
      const { prepared, reading } = await readPhoto(PASSPORT, { quarterTurns })
      assert.equal(prepared.quarterTurns, rotation)
      assert.deepEqual(reading?.lines, mrzLines(PASSPORT))
      assert.equal(reading?.valid, true)
    })
  }

  it('when the card fills half the frame, off centre, then its three lines are found and read', async () => {
    const { prepared, reading } = await readPhoto(CARD, { pageShare: 0.5, offset: [0.2, -0.15] })
    assert.equal(prepared.located, true)
    assert.deepEqual([reading?.format, reading?.lines], ['TD1', mrzLines(CARD)])
  })

  for (const tiltDeg of [-9, 9]) {
    it(`when the page is tilted ${tiltDeg}° and seen at an angle, then each line is cut along its slope and read, and the tilt is reported`, async () => {
      const { prepared, reading } = await readPhoto(PASSPORT, { tiltDeg, perspective: 0.06, lightFalloff: 0.4 })
      assert.deepEqual(reading?.lines, mrzLines(PASSPORT))
      assert.ok(Math.abs(prepared.tiltDeg - tiltDeg) < 2, `tilt ${prepared.tiltDeg}`)
    })
  }

  it('when a page has no MRZ, then none is located', async () => {
    const blank = photograph(drawIdentityDocument({ ...PASSPORT }, 60), { ...STILL, pageShare: 0.05 })
    const prepared = await prepareMrzLines(encodeScan(blank), { capHeights: [] })
    assert.deepEqual([prepared.located, prepared.glyphs], [false, null])
  })
})
