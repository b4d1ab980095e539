// The task module every document parser process loads (see parser-pool.ts): the OCR side's PDF tasks
// and document risk, each PDF pre-scanned before pdf.js or pdf-lib opens it.
import { PdfRefused } from '../../infra/ocr/ocr-errors.ts'
import { ocrTasks } from '../../infra/ocr/pdf-tasks.ts'
import type { TaskTable } from '../../infra/sandbox/sandbox-protocol.ts'
import { assessImageIntegrity, type ImageIntegrityInput } from './image-integrity/assess-image-integrity.ts'
import { DOCUMENT_TASKS } from './parser-task-names.ts'
import { DEFAULT_MAX_DECODED_BYTES, prescanPdf } from './pdf-prescan.ts'
import { assessDocumentRisk, type RiskInput } from './risk/assess-document-risk.ts'

export function createTasks ({ maxDecodedBytes }: { maxDecodedBytes?: number }): TaskTable {
  /**
   * Refuses a PDF whose declared structure cannot fit its size before any parser allocates for it;
   * the refusal's sentence travels as PdfRefused (a ValidationFailed carries it in its body).
   */
  const prescanBeforeParsing = (bytes: Uint8Array): void => {
    try {
      prescanPdf(bytes, { maxDecodedBytes: maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES })
    } catch (error) {
      const sentence = (error as { body?: { errors?: string[] } }).body?.errors?.[0]
      // Only a refusal carries a sentence for the uploader; anything else is a fault of the pre-scan itself.
      throw sentence === undefined ? error : new PdfRefused(sentence)
    }
  }
  return {
    ...ocrTasks(prescanBeforeParsing),
    [DOCUMENT_TASKS.assessRisk]: (input: RiskInput) => {
      if (input.kind === 'pdf') prescanBeforeParsing(input.bytes)
      return assessDocumentRisk(input)
    },
    [DOCUMENT_TASKS.assessImageIntegrity]: (input: ImageIntegrityInput) => {
      if (input.kind === 'pdf') prescanBeforeParsing(input.bytes)
      return assessImageIntegrity(input)
    },
  }
}
