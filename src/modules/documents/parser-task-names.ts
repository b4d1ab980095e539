// Apart from parser-tasks.ts, which loads pdf.js on import: the API process needs only these names.
export { OCR_TASKS } from '../../infra/ocr/ocr-task-names.ts'

export const DOCUMENT_TASKS = { assessRisk: 'documents.assessRisk', assessImageIntegrity: 'documents.assessImageIntegrity' } as const
