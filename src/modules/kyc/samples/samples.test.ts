import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { makeKycSamples } from './sample-documents.ts'

describe('the KYC sandbox samples', () => {
  it('when make-samples.ts is run again, then it writes exactly the committed files', async () => {
    const made = await makeKycSamples()
    assert.ok(made.size >= 7)
    for (const [name, bytes] of made) {
      const committed = await readFile(new URL(`./${name}`, import.meta.url))
      assert.ok(Buffer.from(bytes).equals(committed), `${name} differs from what make-samples.ts makes: run node src/modules/kyc/samples/make-samples.ts`)
    }
  })
})
