// The task module every sandbox process loads (see parsers.ts): the OCR side's PDF and image tasks
// and document risk, each PDF pre-scanned before pdf.js or pdf-lib opens it.
import { PdfRefused } from '../../infra/ocr/ocr-errors.ts'
import { ocrTasks } from '../../infra/ocr/pdf-tasks.ts'
import type { TaskTable } from '../../infra/sandbox/sandbox-protocol.ts'
import { DOCUMENT_TASKS, PDF_DECODED_BYTES_BUDGET } from './parser-task-names.ts'
import { prescanPdf } from './pdf-prescan.ts'
import { assessDocumentRisk, type RiskInput } from './risk/document-risk.ts'

/**
 * Refuses a PDF whose declared structure cannot fit its size before any parser allocates for it;
 * the refusal's sentence travels as PdfRefused (a ValidationFailed carries it in its body).
 */
function prescanBeforeParsing (bytes: Uint8Array): void {
  try {
    prescanPdf(bytes, { maxDecodedBytes: PDF_DECODED_BYTES_BUDGET })
  } catch (error) {
    throw new PdfRefused((error as { body?: { errors?: string[] } }).body?.errors?.[0] ?? (error as Error).message)
  }
}

export const tasks: TaskTable = {
  ...ocrTasks(prescanBeforeParsing),
  [DOCUMENT_TASKS.assessRisk]: (input: RiskInput) => {
    if (input.kind === 'pdf') prescanBeforeParsing(input.bytes)
    return assessDocumentRisk(input)
  },
}
