import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { CLIENT_TYPES_FILE, generateClientTypes } from '../../scripts/generate-client-types.ts'

describe('@idcheck/client: generated types', () => {
  it('when the types are generated from the current OpenAPI document, then they equal the committed packages/client/src/openapi.d.ts', async () => {
    const committed = await readFile(CLIENT_TYPES_FILE, 'utf8')
    const generated = await generateClientTypes()
    assert.ok(committed === generated, 'packages/client/src/openapi.d.ts is out of date: run node scripts/generate-client-types.ts and commit the result')
  })
})
