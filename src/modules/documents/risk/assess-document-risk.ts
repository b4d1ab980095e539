import { accountFontSignals } from './account-font-signals.ts'
import { activeContentSignals } from './active-content.ts'
import { balanceSignals } from './balance-arithmetic.ts'
import { textDateSignals } from './date-signals.ts'
import { DocumentUnreadable, type DocumentKind, type RiskSignal } from '../analysis/analysis-types.ts'
import { inconsistentFontSignals } from './font-signals.ts'
import { hiddenTextSignals } from './hidden-text.ts'
import { incrementalUpdateSignals } from './incremental-updates.ts'
import { metadataSignals } from './pdf-metadata-signals.ts'
import { readPdf } from './pdf-document.ts'

/** Pages beyond this are not read: the upload limit allows 50, and the work must stay bounded for any file. */
export const MAX_PAGES_ANALYSED = 50

export interface RiskInput { bytes: Uint8Array, kind: DocumentKind, now: Date }

/**
 * The risk signals a file's own bytes give, in a stable order: how it was made and saved, what it carries
 * beside the page content, how its pages are drawn, and what its text says. Pure: nothing is read but the bytes.
 * Images (PNG, JPEG) give none here: the document risk check reads them with image-integrity/ instead.
 * Throws DocumentUnreadable for a file that is not a readable PDF or needs a password.
 * Synchronous work on untrusted bytes: the check runs it in a sandbox process (parser-tasks.ts).
 */
export async function assessDocumentRisk (input: RiskInput): Promise<RiskSignal[]> {
  if (input.kind !== 'pdf') return []
  const raw = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength).toString('latin1')
  if (!raw.slice(0, 1024).includes('%PDF-')) {
    throw new DocumentUnreadable('The file is not a readable PDF (it has no PDF header): upload the file as the bank issued it.')
  }
  const { metadata, pages, operatorCodes } = await readPdf(input.bytes, MAX_PAGES_ANALYSED)
  const lines = pages.flatMap((page) => page.lines)
  return [
    ...metadataSignals(metadata, input.now),
    ...incrementalUpdateSignals(raw),
    ...await activeContentSignals(input.bytes, raw),
    ...pages.flatMap((page) => hiddenTextSignals(page.pageNumber, page.operators, operatorCodes, page.view)),
    ...inconsistentFontSignals(lines),
    ...accountFontSignals(lines),
    ...textDateSignals(lines, input.now, metadata.created),
    ...balanceSignals(lines),
  ]
}
