import { defineModule } from '../../infra/app-module.ts'
import { documentsRoutes } from './documents.routes.ts'
import { Document, DocumentDetail, DuplicateDocumentBody } from './documents.schemas.ts'
import { createDocumentsService, type DocumentsService } from './documents.service.ts'
import { sampleDocumentsRoutes } from './sample-documents.routes.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { documents: DocumentsService }
}

/** Documents of a case: uploads admitted before they are read, kept with their bytes, announced so their checks start. */
export const documentsModule = defineModule({
  name: 'documents',
  // The check results come with the check types.
  schemas: [Document, DocumentDetail, DuplicateDocumentBody],
  create: ({ db, clock, events, config, use }) => createDocumentsService({
    db, clock, events, cases: use('cases'), checks: use('checks'),
    limits: { ...config.documents, parsers: use('documentParsing').uploadParsers },
  }),
  routes: (documents) => documentsRoutes(documents),
})

declare module '../../infra/app-module.ts' {
  interface ServiceMap { sampleDocuments: null }
}

/** The sandbox's sample files to upload (404 in production). */
export const sampleDocumentsModule = defineModule({
  name: 'sampleDocuments',
  create: () => null,
  routes: (_none, { config }) => sampleDocumentsRoutes(config.environment),
})
