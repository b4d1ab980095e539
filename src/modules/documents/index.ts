export { documentsRoutes } from './documents.routes.ts'
export { sampleDocumentsRoutes } from './sample-documents.routes.ts'
export { createDocumentsService } from './documents.service.ts'
export type { DocumentsService } from './documents.service.ts'
export { documentExtractionCheckType, documentQueues, documentRiskCheckType, loadDocument, lockDocument, type DocumentSubject } from './document-checks.ts'
export { createDocumentParsers } from './parsers.ts'
export { DocumentUnreadable } from './analysis/analysis-types.ts'
export { IDENTITY_DOCUMENT_TYPES } from './documents.schemas.ts'

import { Document, DocumentDetail, DuplicateDocumentBody } from './documents.schemas.ts'
/** Schemas other routes and the API description refer to by $id (the results come with the check types). */
export const documentsSchemas = [Document, DocumentDetail, DuplicateDocumentBody]
