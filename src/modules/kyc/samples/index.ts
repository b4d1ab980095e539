import { fileURLToPath } from 'node:url'

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const
type FileName = `${string}.${keyof typeof CONTENT_TYPES}`

const sample = (name: FileName, documentType: 'Passport' | 'IdentityCard') => ({
  name,
  file: fileURLToPath(new URL(`./${name}`, import.meta.url)),
  contentType: CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES],
  documentType,
})

/** The KYC sandbox documents, committed beside this file (README.md says what each shows and how they are made). */
export const KYC_SAMPLES: { name: string, file: string, contentType: string, documentType: 'Passport' | 'IdentityCard' }[] = [
  sample('passport-match.png', 'Passport'),
  sample('passport-match.jpeg', 'Passport'),
  sample('passport-match.pdf', 'Passport'),
  sample('id-card-match.png', 'IdentityCard'),
  sample('passport-bad-check-digit.png', 'Passport'),
  sample('passport-expired.png', 'Passport'),
  sample('passport-other-person.png', 'Passport'),
  sample('passport-name-variant.png', 'Passport'),
  sample('passport-pasted-mrz.jpeg', 'Passport'),
]

