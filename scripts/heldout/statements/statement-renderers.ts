import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { placedLines, statementHtml, type Layout, type OddFigures } from './statement-layouts.ts'
import type { StatementTruth } from './statement-truth.ts'

const run = promisify(execFile)
const TOOL_TIMEOUT_MS = 120_000

/** The outside tools that make the held-out PDFs; none of them is idcheck's own sample generator. */
export type Tool = 'libreoffice' | 'chromium' | 'ghostscript' | 'reportlab'
export const TOOLS: readonly Tool[] = ['libreoffice', 'chromium', 'ghostscript', 'reportlab']

export interface Drawing { truth: StatementTruth, layout: Layout, odd?: OddFigures, /** 0 or 1: which of the tool's two typefaces. */ face: number }

/** Each tool's body font and the other font an edit redraws figures in. */
const HTML_FONTS = [{ body: 'Liberation Sans', odd: 'DejaVu Sans Mono' }, { body: 'DejaVu Sans', odd: 'Liberation Serif' }]
const PDF_FONTS = [{ font: 'Helvetica', bold: 'Helvetica-Bold', odd: 'Courier' }, { font: 'Times-Roman', bold: 'Times-Bold', odd: 'Helvetica' }]

export async function renderPdf (tool: Tool, drawing: Drawing): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'heldout-statement-'))
  try {
    const out = join(dir, 'statement.pdf')
    if (tool === 'chromium' || tool === 'libreoffice') {
      const html = join(dir, 'statement.html')
      await writeFile(html, statementHtml(drawing.truth, drawing.layout, HTML_FONTS[drawing.face]!, drawing.odd))
      if (tool === 'chromium') {
        await run('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update',
          '--no-pdf-header-footer', `--user-data-dir=${join(dir, 'profile')}`, `--print-to-pdf=${out}`, `file://${html}`], { timeout: TOOL_TIMEOUT_MS })
      } else {
        // A profile of its own: two LibreOffice runs sharing one would wait for each other.
        // Imported into Writer proper: Writer/Web's own export put the letterhead on a page of its own.
        await run('soffice', [`-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--headless', '--infilter=HTML (StarWriter)', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', dir, html], { timeout: TOOL_TIMEOUT_MS })
      }
    } else if (tool === 'ghostscript') {
      const ps = join(dir, 'statement.ps')
      await writeFile(ps, postScript(drawing), 'latin1')
      await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-sPAPERSIZE=a4', `-sOutputFile=${out}`, ps], { timeout: TOOL_TIMEOUT_MS })
    } else {
      const script = fileURLToPath(new URL('reportlab-statement.py', import.meta.url))
      const fonts = PDF_FONTS[drawing.face]!
      const child = run('/usr/bin/python3', [script], { timeout: TOOL_TIMEOUT_MS })
      child.child.stdin!.end(JSON.stringify({ out, ...fonts, lines: placedLines(drawing.truth, drawing.layout, drawing.odd) }))
      await child
    }
    return new Uint8Array(await readFile(out))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const psString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`

/** The statement as a PostScript program, which Ghostscript's pdfwrite turns into a PDF. */
function postScript ({ truth, layout, odd, face }: Drawing): string {
  const fonts = PDF_FONTS[face]!
  const out = ['%!PS-Adobe-3.0', '%%Title: Statement', '%%Pages: 1', '%%EndComments', '<< /PageSize [595 842] >> setpagedevice',
    '/R { /s exch def /y exch def /x exch def x s stringwidth pop sub y moveto s show } def']
  for (const line of placedLines(truth, layout, odd)) {
    for (const cell of line.cells) {
      const font = cell.odd ? fonts.odd : cell.bold ? fonts.bold : fonts.font
      out.push(`/${font} findfont ${cell.size ?? 9} scalefont setfont`)
      const y = 842 - line.y
      out.push(cell.align === 'right' ? `${cell.x} ${y} ${psString(cell.text)} R` : `${cell.x} ${y} moveto ${psString(cell.text)} show`)
    }
  }
  out.push('showpage', '%%EOF')
  return out.join('\n')
}
