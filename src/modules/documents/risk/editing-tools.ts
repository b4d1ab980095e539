/**
 * Tools whose name in a PDF's Producer or Creator means the file passed through an editor after the
 * bank issued it: banks generate statements with report engines (iText, PDFlib, Apache FOP, …), never with these.
 * Converters and print drivers (Acrobat Distiller, Adobe PDF Library, Microsoft Print to PDF) are not listed:
 * they produce originals too.
 */
export interface EditingTool {
  name: string
  pattern: RegExp
}

export const EDITING_TOOLS: readonly EditingTool[] = [
  // Online editors: upload, change the text, download; the usual way a statement is doctored.
  { name: 'iLovePDF', pattern: /ilovepdf/i },
  { name: 'Smallpdf', pattern: /smallpdf/i },
  { name: 'PDFescape', pattern: /pdfescape/i },
  { name: 'Sejda', pattern: /sejda/i },
  { name: 'pdfFiller', pattern: /pdffiller/i },
  { name: 'Soda PDF', pattern: /soda\s?pdf/i },
  // Desktop PDF editors; "Adobe Acrobat" is the editor, while Distiller and the PDF Library also make originals.
  { name: 'Adobe Acrobat', pattern: /\badobe acrobat\b(?!\s*distiller)/i },
  { name: 'Foxit PDF Editor', pattern: /foxit\s*(phantompdf|pdf editor)/i },
  { name: 'Nitro PDF', pattern: /\bnitro\s*(pro|pdf)\b/i },
  { name: 'PDFelement', pattern: /pdfelement|wondershare/i },
  { name: 'PDF-XChange Editor', pattern: /pdf-xchange editor/i },
  // Graphics and design tools: a statement drawn or retouched by hand.
  { name: 'Inkscape', pattern: /inkscape/i },
  { name: 'GIMP', pattern: /\bgimp\b/i },
  { name: 'Adobe Photoshop', pattern: /photoshop/i },
  { name: 'Adobe Illustrator', pattern: /illustrator/i },
  { name: 'Canva', pattern: /\bcanva\b/i },
  // LibreOffice writes "Draw" as the Creator of a document edited in Draw, the way it opens PDFs for editing.
  { name: 'LibreOffice Draw', pattern: /^draw$|(libreoffice|openoffice)\S*\s+draw\b/i },
]

export function findEditingTool (value: string): EditingTool | undefined {
  return EDITING_TOOLS.find((tool) => tool.pattern.test(value.trim()))
}
