import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { KYC_SAMPLES } from '../../../src/modules/kyc/samples/index.ts'
import { IDENTITY_SAMPLE_DEFINITIONS, makeIdentitySamples } from './identity-samples.ts'

describe('the KYC sandbox samples', () => {
  it('when the samples are made again in memory, then each committed file is byte-identical (re-run scripts/make-sample-documents.ts after a change)', async () => {
    const made = await makeIdentitySamples()
    assert.deepEqual([...made.keys()], KYC_SAMPLES.map((s) => s.name))
    for (const [name, bytes] of made) {
      const committed = await readFile(KYC_SAMPLES.find((s) => s.name === name)!.file)
      assert.ok(Buffer.from(bytes).equals(committed), `${name} differs from what the generator makes: run node scripts/make-sample-documents.ts`)
    }
  })

  it('when the list in src is read, then each file has the document type it was drawn as', () => {
    for (const { name, content } of IDENTITY_SAMPLE_DEFINITIONS) assert.equal(KYC_SAMPLES.find((s) => s.name === name)?.documentType, content.documentType, name)
  })
})
