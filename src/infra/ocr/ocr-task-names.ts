// Apart from pdf-tasks.ts, which loads pdf.js and the canvas binding on import: callers in the API
// process need only these names.

/** A PDF's text layer, one string per page, lines rebuilt from where the text is drawn. */
export interface PdfTextResult {
  pageCount: number
  pages: string[]
}

/** The sandbox tasks pdf-tasks.ts defines, as callers of the sandbox pool ask for them. */
export const OCR_TASKS = {
  countPdfPages: 'ocr.countPdfPages',
  readPdfText: 'ocr.readPdfText',
  renderPdfPages: 'ocr.renderPdfPages',
} as const
