import { Type, type Static } from 'typebox'

export const DOCUMENT_TYPES = ['BankStatement', 'Passport', 'IdentityCard', 'DrivingLicence', 'ProofOfAddress', 'Other'] as const
export type DocumentType = typeof DOCUMENT_TYPES[number]
/** The identity documents KYC reads, of a Person case. */
export const IDENTITY_DOCUMENT_TYPES: readonly DocumentType[] = ['Passport', 'IdentityCard']

export const documentExample = {
  id: 12, caseId: 17, documentType: 'BankStatement', fileName: 'statement-march.pdf', contentType: 'application/pdf',
  sizeBytes: 2841, sha256: '5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b', pageCount: 1, createTs: '2026-11-22T10:15:30.120Z',
}

export const Document = Type.Object({
  id: Type.Integer(),
  caseId: Type.Integer(),
  documentType: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
  fileName: Type.String({ description: 'The name the file was uploaded with' }),
  contentType: Type.Union([Type.Literal('application/pdf'), Type.Literal('image/png'), Type.Literal('image/jpeg')], { description: 'Told from the bytes, never from the declared type' }),
  sizeBytes: Type.Integer(),
  sha256: Type.String({ description: 'Hex SHA-256 of the bytes' }),
  pageCount: Type.Integer({ description: 'Pages of a PDF; 1 for an image' }),
  createTs: Type.String({ description: 'When it was uploaded (ISO 8601 UTC)' }),
}, { $id: 'Document', examples: [documentExample] })
export type DocumentView = Static<typeof Document>

export const DocumentDetail = Type.Object({
  ...Document.properties,
  latestExtraction: Type.Union([Type.Ref('Check'), Type.Null()], { description: 'The newest DocumentExtraction check of this document; null when none was run' }),
  latestRisk: Type.Union([Type.Ref('Check'), Type.Null()], { description: 'The newest DocumentRisk check of this document; null when none was run' }),
  latestKyc: Type.Union([Type.Ref('Check'), Type.Null()], { description: 'The newest KYC check of this document (a Passport or IdentityCard of a Person case); null when none was run' }),
}, { $id: 'DocumentDetail', examples: [{ ...documentExample, latestExtraction: null, latestRisk: null, latestKyc: null }] })

export const DuplicateDocumentBody = Type.Object({ duplicateId: Type.Integer() }, { $id: 'DuplicateDocument', examples: [{ duplicateId: 12 }] })

const field = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Object>>(value: T, description: string) =>
  Type.Union([Type.Object({ value, confidence: Type.Number({ minimum: 0, maximum: 1 }) }), Type.Null()], { description })

export const DocumentExtractionResult = Type.Object({
  method: Type.Union([Type.Literal('text'), Type.Literal('ocr')], { description: "text: the PDF's text layer; ocr: read from page images" }),
  fields: Type.Object({
    accountHolderName: field(Type.String(), 'As printed'),
    bankName: field(Type.String(), 'As printed'),
    sortCode: field(Type.String(), '6 digits'),
    accountNumber: field(Type.String(), '8 digits'),
    iban: field(Type.String(), 'Without spaces'),
    bic: field(Type.String(), '8 or 11 characters'),
    statementPeriod: field(Type.Object({ start: Type.String(), end: Type.String() }), 'ISO dates'),
    currency: field(Type.String(), 'ISO 4217 code'),
    openingBalance: field(Type.String(), 'A decimal string, e.g. 1250.00'),
    closingBalance: field(Type.String(), 'A decimal string'),
  }, { description: 'Each field with a confidence from 0 to 1; null when not found' }),
  bankAccount: Type.Object({
    outcome: Type.Union([Type.Literal('created'), Type.Literal('already_on_case'), Type.Literal('not_created')]),
    id: Type.Union([Type.Integer(), Type.Null()], { description: 'The bank account made from the statement, or the one already on the case' }),
    message: Type.String(),
  }, { description: 'What became of the account details' }),
}, {
  $id: 'DocumentExtractionResult',
  description: 'DocumentExtraction',
  examples: [{
    method: 'text',
    fields: {
      accountHolderName: { value: 'Jane Doe', confidence: 0.95 }, bankName: { value: 'Northwind Bank plc', confidence: 0.9 },
      sortCode: { value: '089999', confidence: 0.98 }, accountNumber: { value: '66374958', confidence: 0.98 }, iban: null, bic: null,
      statementPeriod: { value: { start: '2026-03-01', end: '2026-03-31' }, confidence: 0.95 }, currency: { value: 'GBP', confidence: 0.95 },
      openingBalance: { value: '1250.00', confidence: 0.95 }, closingBalance: { value: '3100.55', confidence: 0.95 },
    },
    bankAccount: { outcome: 'created', id: 5, message: 'Bank account 5 was added to the case from this statement.' },
  }],
})
export type DocumentExtractionResult = Static<typeof DocumentExtractionResult>

export const DocumentRiskResult = Type.Object({
  signals: Type.Array(Type.Object({
    code: Type.String({ description: 'Stable code, e.g. editing_tool, incremental_updates, balance_mismatch' }),
    severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    message: Type.String(),
  }), { description: 'What the file shows; empty for a clean document. Any high signal rates High, any medium Medium, else Low.' }),
}, {
  $id: 'DocumentRiskResult',
  description: 'DocumentRisk',
  // Closed, so a check's result is serialised with its own type's schema: KYC's result has signals too.
  additionalProperties: false,
  examples: [{ signals: [{ code: 'editing_tool', severity: 'high', message: 'The PDF was produced by iLovePDF, an editing tool.' }] }],
})
export type DocumentRiskResult = Static<typeof DocumentRiskResult>

/** A response of raw file bytes, per content type, for the API description. */
export const fileContent = (types: readonly string[]) => Object.fromEntries(types.map((t) => [t, {
  schema: { type: 'string', format: 'binary' },
  example: t === 'application/pdf' ? '%PDF-1.7 …' : `<${t} bytes>`,
}]))
