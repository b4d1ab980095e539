// Regenerates packages/client/src/openapi.d.ts from the OpenAPI document the service serves.
// Usage: node scripts/generate-client-types.ts [--check]
//   --check: write nothing; exit 1 if the committed file is out of date (CI and the tests use this).
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { openApiDocument } from './openapi-document.ts'

export const CLIENT_TYPES_FILE = path.resolve(import.meta.dirname, '../packages/client/src/openapi.d.ts')

const HEADER = `/**
 * Generated from the idcheck OpenAPI document by scripts/generate-client-types.ts
 * (openapi-typescript). Do not edit: change the route schemas, then run
 * \`node scripts/generate-client-types.ts\`.
 */

`

/** The client's types for the service's current OpenAPI document. */
export async function generateClientTypes (): Promise<string> {
  const document = await openApiDocument()
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true })
  return HEADER + astToString(ast)
}

if (import.meta.main) {
  const generated = await generateClientTypes()
  const relative = path.relative(process.cwd(), CLIENT_TYPES_FILE)
  if (process.argv.includes('--check')) {
    const committed = await readFile(CLIENT_TYPES_FILE, 'utf8').catch(() => '')
    if (committed !== generated) {
      console.error(`${relative} is out of date: run node scripts/generate-client-types.ts`)
      process.exitCode = 1
    } else {
      console.log(`${relative} is up to date`)
    }
  } else {
    await writeFile(CLIENT_TYPES_FILE, generated)
    console.log(`wrote ${relative}`)
  }
}
