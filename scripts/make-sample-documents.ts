// Writes the sample documents (src/modules/documents/samples/): node scripts/make-sample-documents.ts
// Re-running gives the same bytes; samples.test.ts fails when a committed file differs from what this makes.
import { writeFile } from 'node:fs/promises'
import { makeSampleDocuments } from '../src/modules/documents/samples/sample-documents.ts'

const dir = new URL('../src/modules/documents/samples/', import.meta.url)
for (const [name, bytes] of await makeSampleDocuments()) {
  await writeFile(new URL(name, dir), bytes)
  console.log(`${name} ${bytes.length} bytes`)
}
