import { fileURLToPath } from 'node:url'
import { KYC_SAMPLE_DEFINITIONS } from './sample-documents.ts'

export { makeKycSamples } from './sample-documents.ts'
export { drawIdentityDocument } from './document-image.ts'
export { encodeScan } from './scan-effects.ts'
export type { ScanEffects } from './scan-effects.ts'
export { checkDigit, mrzLines } from './mrz-lines.ts'
export type { IdentityDocumentContent } from './mrz-lines.ts'

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const

/** The KYC sandbox documents, committed beside this file (README.md says what each shows). */
export const KYC_SAMPLES: { name: string, file: string, contentType: string, documentType: 'Passport' | 'IdentityCard', description: string }[] =
  KYC_SAMPLE_DEFINITIONS.map((sample) => ({
    name: sample.name,
    file: fileURLToPath(new URL(`./${sample.name}`, import.meta.url)),
    contentType: CONTENT_TYPES[sample.format],
    documentType: sample.documentType,
    description: sample.description,
  }))
