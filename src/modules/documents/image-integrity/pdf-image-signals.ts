import type { RiskSignal } from '../analysis/analysis-types.ts'
import { MAX_PAGES_ANALYSED } from '../risk/assess-document-risk.ts'
import { findEditingTool } from '../risk/editing-tools.ts'
import { EDITING_PROGRAMS } from './editing-programs.ts'
import { imageDamage } from './image-completeness.ts'
import { type ImagePurpose, imageSignals } from './image-signals.ts'
import { imageOnlyPageJpegs } from './pdf-page-images.ts'

const ORDER = ['image_edited', 'screenshot', 'jpeg_double_compression']

/**
 * The signals of the JPEGs on a PDF's image-only pages, each code once (from the first page that
 * shows it, named in the message). An embedded image that cannot be read gives none: the PDF's own
 * reading (document risk) judges the file. A program the PDF itself names as its producer is left
 * to document risk's editing_tool, so one fact is not told twice.
 */
export async function pdfImageSignals (bytes: Uint8Array, purpose: ImagePurpose): Promise<RiskSignal[]> {
  const { images, pdfTools } = await imageOnlyPageJpegs(bytes, MAX_PAGES_ANALYSED)
  const pdfEditors = pdfTools.filter((tool) => findEditingTool(tool) !== undefined)
  const judgedElsewhere = (program: string) => {
    const entry = EDITING_PROGRAMS.find(({ pattern }) => pattern.test(program))
    return entry !== undefined && pdfEditors.some((tool) => entry.pattern.test(tool))
  }
  const signals: RiskSignal[] = []
  for (const image of images) {
    if (imageDamage(image.bytes, 'jpeg') !== null) continue
    let found: RiskSignal[]
    try {
      found = await imageSignals(image.bytes, 'jpeg', purpose, { where: ` on page ${image.pageNumber}`, judgedElsewhere })
    } catch {
      continue
    }
    for (const signal of found) if (!signals.some((s) => s.code === signal.code)) signals.push(signal)
  }
  return signals.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code))
}
