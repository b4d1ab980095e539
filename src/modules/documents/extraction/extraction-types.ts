/** A value read from a document and how sure the reading is, from 0 to 1. */
export interface Field<T> {
  value: T
  confidence: number
}

/** What a bank statement says; a field is null when the document does not show it (or it was not found). */
export interface StatementFields {
  accountHolderName: Field<string> | null
  bankName: Field<string> | null
  /** Six digits, no separators. */
  sortCode: Field<string> | null
  /** Eight digits for UK accounts (seven-digit ones padded with a leading 0); other lengths as printed. */
  accountNumber: Field<string> | null
  /** Electronic format: no spaces, upper case. */
  iban: Field<string> | null
  bic: Field<string> | null
  /** ISO dates. */
  statementPeriod: Field<{ start: string, end: string }> | null
  /** ISO 4217 code. */
  currency: Field<string> | null
  /** Decimal strings with two places ("1250.00", "-12.50"). */
  openingBalance: Field<string> | null
  closingBalance: Field<string> | null
}

export interface StatementExtraction {
  /** text: every field came from the PDF's text layer; ocr: some page was read from its image. */
  method: 'text' | 'ocr'
  pages: number
  fields: StatementFields
}
