// Writes the KYC sandbox samples beside this file: node_modules/.bin/node src/modules/kyc/samples/make-samples.ts
import { writeFile } from 'node:fs/promises'
import { makeKycSamples } from './sample-documents.ts'

for (const [name, bytes] of await makeKycSamples()) {
  await writeFile(new URL(`./${name}`, import.meta.url), bytes)
  console.log(`${name}  ${bytes.byteLength} bytes`)
}
