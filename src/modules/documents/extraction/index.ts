export { extractStatement } from './extract-statement.ts'
export type { ExtractStatementInput } from './extract-statement.ts'
export { parseStatementText } from './statement-fields.ts'
export type { Field, StatementExtraction, StatementFields } from './extraction-types.ts'
