// Writes the sandbox's sample documents into src (the statements to src/modules/documents/samples/, the identity
// documents to src/modules/kyc/samples/): node scripts/make-sample-documents.ts
// Re-running gives the same bytes; the tests beside the generators (scripts/samples/) fail when a committed file differs.
import { writeFile } from 'node:fs/promises'
import { makeIdentitySamples } from './samples/identity-documents/index.ts'
import { makeStatementSamples } from './samples/statements/index.ts'

const sets: Array<[URL, Map<string, Uint8Array>]> = [
  [new URL('../src/modules/documents/samples/', import.meta.url), await makeStatementSamples()],
  [new URL('../src/modules/kyc/samples/', import.meta.url), await makeIdentitySamples()],
]
for (const [dir, files] of sets) {
  for (const [name, bytes] of files) {
    await writeFile(new URL(name, dir), bytes)
    console.log(`${new URL(name, dir).pathname.replace(/^.*\/src\//, 'src/')} ${bytes.length} bytes`)
  }
}
