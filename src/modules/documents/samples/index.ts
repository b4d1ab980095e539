const STATEMENTS = new URL('./', import.meta.url)
const IDENTITY_DOCUMENTS = new URL('../../kyc/samples/', import.meta.url)
const ANNA = 'a Person case for Anna Maria Eriksson, born 1984-07-12'

/**
 * The sandbox's ready test files, each with the outcome it gives: the bank statements beside this file and
 * the KYC module's identity documents, all made by scripts/make-sample-documents.ts (README.md beside each).
 */
export const SAMPLE_DOCUMENTS = [
  { name: 'clean-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'DocumentRisk Low with no signals; extraction adds bank account 08-99-99 66374958 (Jane Doe), whose BAV then runs' },
  { name: 'edited-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'DocumentRisk High: editing tool, incremental update, modified long after creation, a figure in another font, balances that do not add up' },
  { name: 'scanned-statement.png', contentType: 'image/png', dir: STATEMENTS, outcome: 'Extraction by OCR: the same bank account as the clean statement' },
  { name: 'scanned-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'A PDF with no text layer: extraction by OCR, the same bank account' },
  { name: 'unreadable-scan.png', contentType: 'image/png', dir: STATEMENTS, outcome: 'Extraction fails (document.extraction_failed) with the reason that no account details could be read' },
  { name: 'ten-page-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'A ten-page clean statement: DocumentRisk Low, the same bank account' },
  { name: 'passport-match.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: `As a Passport of ${ANNA}: KYC Low, every check digit valid and every comparison a match` },
  { name: 'passport-match.jpeg', contentType: 'image/jpeg', dir: IDENTITY_DOCUMENTS, outcome: 'The same passport photographed as a JPEG: KYC Low' },
  { name: 'passport-match.pdf', contentType: 'application/pdf', dir: IDENTITY_DOCUMENTS, outcome: 'The same passport scanned to a PDF: KYC Low' },
  { name: 'id-card-match.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: `As an IdentityCard of ${ANNA}: a three-line (TD1) MRZ, KYC Low` },
  { name: 'passport-bad-check-digit.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: the document number\'s check digit is wrong (check_digit_invalid)' },
  { name: 'passport-expired.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: the passport expired on 2023-05-01 (expired)' },
  { name: 'passport-other-person.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: Peter James Johnson, born 1979-02-03 (name_mismatch, birth_date_mismatch)' },
  { name: 'passport-name-variant.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC Medium: the surname reads ERIKSON, one letter short (name_minor_difference)' },
  { name: 'passport-pasted-mrz.jpeg', contentType: 'image/jpeg', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: Anna\'s passport photographed, its MRZ band then pasted over it flat (mrz_band_pasted)' },
] as const
