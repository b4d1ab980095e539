import { PDFDocument } from 'pdf-lib'
import type { Layout } from './statement-layouts.ts'
import { renderPdf, type Tool } from './statement-renderers.ts'
import { pick, validAccount, type Random, type StatementTruth } from './statement-truth.ts'

/**
 * How a forger changes a genuine statement, one way per file so the catch rate of each can be read:
 * amount_font: the last transaction raised, its balance and the closing balance retyped in another font
 *   (the arithmetic still adds up); account_font: another valid account number in another font;
 * incremental_update: a revision appended to the genuine file; editing_producer: the closing balance
 *   changed and the file saved by an online editor; created_before_period_end: a file whose creation date
 *   falls before the period it reports on has ended.
 */
export type EditKind = 'amount_font' | 'account_font' | 'incremental_update' | 'editing_producer' | 'created_before_period_end'
export const EDIT_KINDS: readonly EditKind[] = ['amount_font', 'account_font', 'incremental_update', 'editing_producer', 'created_before_period_end']

const EDITORS = ['iLovePDF', 'Sejda PDF Desktop 7.6.9', 'Smallpdf.com', 'PDFescape Online', 'Foxit PDF Editor 12.1']

export interface Edited { pdf: Uint8Array, truth: StatementTruth, detail: string }

export interface EditInput { kind: EditKind, tool: Tool, layout: Layout, face: number, truth: StatementTruth, genuine: Uint8Array, random: Random, now: Date }

/** The last transaction raised by delta pence, with the balances after it. */
function raiseLast (truth: StatementTruth, delta: number): StatementTruth {
  const rows = truth.rows.map((row, i) => {
    if (i !== truth.rows.length - 1) return row
    return row.inPence ? { ...row, inPence: row.inPence + delta, balancePence: row.balancePence + delta } : { ...row, outPence: Math.max(1, row.outPence! - delta), balancePence: row.balancePence + Math.min(delta, row.outPence! - 1) }
  })
  return { ...truth, rows, closingPence: rows.at(-1)!.balancePence }
}

export async function editStatement (input: EditInput): Promise<Edited> {
  const { kind, tool, layout, face, truth, random } = input
  if (kind === 'amount_font') {
    const edited = raiseLast(truth, 10_000 * (1 + Math.floor(random() * 20)))
    const odd = new Set([`row:${truth.rows.length - 1}`, 'closing'])
    return { pdf: await renderPdf(tool, { truth: edited, layout, face, odd }), truth: edited, detail: `closing balance ${truth.closingPence / 100} → ${edited.closingPence / 100}, changed figures in another font` }
  }
  if (kind === 'account_font') {
    const edited = { ...truth, ...validAccount(random, truth.sortCode) }
    return { pdf: await renderPdf(tool, { truth: edited, layout, face, odd: new Set(['accountNumber']) }), truth: edited, detail: `account number ${truth.accountNumber} → ${edited.accountNumber} in another font` }
  }
  if (kind === 'incremental_update') return { pdf: appendRevision(input.genuine, input.now), truth, detail: 'a revision appended (new Info dictionary)' }
  if (kind === 'editing_producer') {
    const edited = raiseLast(truth, 5_000 * (1 + Math.floor(random() * 20)))
    const doc = await PDFDocument.load(await renderPdf(tool, { truth: edited, layout, face }), { updateMetadata: false })
    const editor = pick(random, EDITORS)
    doc.setProducer(editor)
    doc.setModificationDate(input.now)
    return { pdf: await doc.save(), truth: edited, detail: `closing balance changed, saved by ${editor}` }
  }
  const doc = await PDFDocument.load(input.genuine, { updateMetadata: false })
  const daysEarly = 3 + Math.floor(random() * 12)
  const created = new Date(Date.parse(`${truth.period.end}T10:00:00Z`) - daysEarly * 86_400_000)
  doc.setCreationDate(created)
  doc.setModificationDate(created)
  return { pdf: await doc.save(), truth, detail: `created ${created.toISOString()}, ${daysEarly} days before the period ends` }
}

/** An incremental update as an editor writes one: a new Info object, an xref section and a trailer pointing back. */
function appendRevision (pdf: Uint8Array, now: Date): Uint8Array {
  const raw = Buffer.from(pdf).toString('latin1')
  const lastXref = Number([...raw.matchAll(/startxref\s+(\d+)/g)].at(-1)![1])
  const size = Math.max(...[...raw.matchAll(/\/Size\s+(\d+)/g)].map((m) => Number(m[1])))
  const root = [...raw.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)![1]
  const stamp = `D:${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`
  const object = `${size} 0 obj\n<< /Title (Statement) /ModDate (${stamp}) >>\nendobj\n`
  const start = pdf.length + 1
  const xrefAt = start + object.length
  const tail = `\n${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(start).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${lastXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(tail, 'latin1')]))
}
