import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { countUpdates } from './incremental-updates.ts'

const SECTION_END = 'startxref\n120\n%%EOF\n'

/** A linearized file as Acrobat lays it out: a first-page trailer with its own %%EOF, then the main one. */
function linearizedFile (): string {
  const body = '%PDF-1.6\n1 0 obj\n<< /Linearized 1 /L 0000000000 /H [ 500 120 ] /O 3 /E 900 /N 1 /T 1200 >>\nendobj\n' +
    'xref\n1 5\ntrailer\n<< /Size 6 /Root 2 0 R /Prev 1200 >>\nstartxref\n0\n%%EOF\n' +
    '2 0 obj\n<< /Type /Catalog >>\nendobj\n' +
    `xref\n0 1\ntrailer\n<< /Size 6 >>\n${SECTION_END}`
  return body.replace('0000000000', String(body.length).padStart(10, '0'))
}

describe('incremental updates counted in the raw bytes', () => {
  it('when a file was written once, then no update', () => {
    assert.equal(countUpdates(`%PDF-1.7\n1 0 obj\n<< >>\nendobj\nxref\n${SECTION_END}`), 0)
  })

  it('when a file is linearized, then its first-page trailer is not an update', () => {
    assert.equal(countUpdates(linearizedFile()), 0)
  })

  it('when a linearized file had a revision appended, then one update', () => {
    assert.equal(countUpdates(`${linearizedFile()}3 0 obj\n(changed)\nendobj\nxref\ntrailer\n<< /Prev 120 >>\n${SECTION_END}`), 1)
  })

  it('when the appended revision only adds a digital signature, then no update', () => {
    const signed = `%PDF-1.7\nxref\n${SECTION_END}4 0 obj\n<< /Type /Sig /ByteRange [0 100 200 300] >>\nendobj\nxref\n${SECTION_END}`
    assert.equal(countUpdates(signed), 0)
  })
})
