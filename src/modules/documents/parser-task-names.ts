// Apart from parser-tasks.ts, which loads pdf.js on import: the API process needs only these names.
export { OCR_TASKS } from '../../infra/ocr/ocr-task-names.ts'

export const DOCUMENT_TASKS = { assessRisk: 'documents.assessRisk' } as const

/** What a PDF may decode to in all (Flate, LZW, RunLength streams together) before it is refused unread. */
export const PDF_DECODED_BYTES_BUDGET = 64 * 1024 * 1024
