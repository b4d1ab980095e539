import { createHash } from 'node:crypto'
import { PDFDocument, PDFHexString, StandardFonts, rgb } from 'pdf-lib'
import { layOutStatement } from './statement-layout.ts'
import type { StatementContent, StatementLayout } from './statement-layout.ts'

/** Who made the file and when: fixed in samples, so the bytes never change. */
export interface PdfMetadata {
  producer: string
  creator: string
  title: string
  creationDate: Date
  modificationDate: Date
  /** Seeds the trailer's /ID (a PDF's identity, normally random). */
  documentId: string
}

/** Fixes what pdf-lib would otherwise take from the clock, and the trailer /ID. */
export function setFixedMetadata (doc: PDFDocument, meta: PdfMetadata): void {
  doc.setProducer(meta.producer)
  doc.setCreator(meta.creator)
  doc.setTitle(meta.title)
  doc.setCreationDate(meta.creationDate)
  doc.setModificationDate(meta.modificationDate)
  const id = PDFHexString.of(createHash('md5').update(meta.documentId).digest('hex'))
  doc.context.trailerInfo.ID = doc.context.obj([id, id])
}

/** Draws a laid-out statement in Helvetica, one PDF page per layout page. */
export async function renderStatementPdf (layout: StatementLayout, meta: PdfMetadata): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const runs of layout.pages) {
    const page = doc.addPage([layout.pageWidth, layout.pageHeight])
    // set once per page: passing `font` to every drawText adds a resource name per call
    page.setFont(font)
    for (const run of runs) {
      const x = run.align === 'right' ? run.x - font.widthOfTextAtSize(run.text, run.size) : run.x
      page.drawText(run.text, { x, y: run.y, size: run.size, color: rgb(0, 0, 0) })
    }
  }
  setFixedMetadata(doc, meta)
  // A classic xref table (no object streams) keeps the file easy to extend with an incremental update.
  return doc.save({ useObjectStreams: false })
}

/** A statement PDF from its content and metadata: the pure core of the sample generator. */
export async function makeStatementPdf (content: StatementContent, meta: PdfMetadata, rowsPerPage?: number): Promise<Uint8Array> {
  return renderStatementPdf(layOutStatement(content, rowsPerPage), meta)
}
