export { createIdcheckClient } from './client.ts'
export type { CaseListQuery, CreateAccountBody, CreateBankAccountBody, CreateCaseBody, CreateCheckBody, CreateWebhookBody, DocumentType, DocumentUpload, IdcheckClient, IdcheckClientOptions, Schemas, UpdateAccountBody } from './client.ts'
export { IdcheckApiError, IdcheckAuthenticationError } from './errors.ts'
export type { components, operations, paths } from './openapi.d.ts'
