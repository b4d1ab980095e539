import { formatDate, money, type StatementTruth } from './statement-truth.ts'

/**
 * The layouts a held-out statement is drawn in, as a tool-neutral list of text lines (for PostScript
 * and reportlab, which place text by coordinates) and as HTML (for Chromium and LibreOffice).
 * classic: letterhead, address block, a details table, transactions with brought/carried forward.
 * compact: one header line with sort code, account number and period, as outside statements showed.
 * summary: two columns of labelled details and a balance summary above the transactions.
 */
export type Layout = 'classic' | 'compact' | 'summary'
export const LAYOUTS: readonly Layout[] = ['classic', 'compact', 'summary']

/** Which figures an edit redrew in another font: 'accountNumber', 'closing', `row:<i>`. */
export type OddFigures = ReadonlySet<string>

export interface Cell { text: string, x: number, align?: 'left' | 'right', bold?: boolean, size?: number, odd?: boolean }
export interface PlacedLine { y: number, cells: Cell[] }

/** Points on an A4 page (595 × 842), top-down: y is the distance from the top. */
export function placedLines (truth: StatementTruth, layout: Layout, odd: OddFigures = new Set()): PlacedLine[] {
  const date = (iso: string) => formatDate(iso, truth.dateStyle)
  const period = `${date(truth.period.start)} to ${date(truth.period.end)}`
  const sort = truth.sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')
  const lines: PlacedLine[] = []
  let y = 60
  const add = (cells: Cell[], step = 14) => { lines.push({ y, cells }); y += step }
  if (layout === 'compact') {
    add([{ text: truth.bankName, x: 50, bold: true, size: 15 }], 22)
    add([{ text: `Account holder: ${truth.accountHolderName}`, x: 50 }], 16)
    add([{ text: 'Sort code', x: 50 }, { text: sort, x: 100 }, { text: 'Account number', x: 160 }, { text: truth.accountNumber, x: 240, odd: odd.has('accountNumber') }, { text: `Statement period: ${period}`, x: 310 }], 24)
  } else if (layout === 'classic') {
    add([{ text: truth.bankName, x: 50, bold: true, size: 17 }], 26)
    for (const line of truth.address) add([{ text: line, x: 50 }], 13)
    y += 14
    add([{ text: 'Your current account statement', x: 50, bold: true, size: 12 }], 20)
    add([{ text: 'Account name', x: 50, bold: true }, { text: truth.accountHolderName, x: 190 }])
    add([{ text: 'Sort code', x: 50, bold: true }, { text: sort, x: 190 }])
    add([{ text: 'Account number', x: 50, bold: true }, { text: truth.accountNumber, x: 190, odd: odd.has('accountNumber') }])
    add([{ text: 'Statement period', x: 50, bold: true }, { text: period, x: 190 }], 22)
  } else {
    add([{ text: truth.bankName, x: 50, bold: true, size: 16 }, { text: 'Statement', x: 545, align: 'right', size: 12 }], 26)
    const left = [...truth.address]
    const right = [`Account name: ${truth.accountHolderName}`, `Sort code: ${sort}`, `Account number: ${truth.accountNumber}`, `Period: ${period}`]
    for (let i = 0; i < 4; i++) {
      const cell: Cell = { text: right[i]!, x: 300 }
      const cells: Cell[] = [{ text: left[i]!, x: 50 }, cell]
      if (i === 2 && odd.has('accountNumber')) {
        cells.splice(1, 1, { text: 'Account number:', x: 300 }, { text: truth.accountNumber, x: 375, odd: true })
      }
      add(cells)
    }
    y += 10
    const moneyIn = truth.rows.reduce((sum, r) => sum + (r.inPence ?? 0), 0)
    const moneyOut = truth.rows.reduce((sum, r) => sum + (r.outPence ?? 0), 0)
    add([{ text: 'Opening balance', x: 50 }, { text: money(truth.openingPence), x: 250, align: 'right' }, { text: 'Money in', x: 300 }, { text: money(moneyIn), x: 545, align: 'right', odd: odd.has('closing') }])
    add([{ text: 'Money out', x: 50 }, { text: money(moneyOut), x: 250, align: 'right', odd: odd.has('closing') }, { text: 'Closing balance', x: 300 }, { text: money(truth.closingPence), x: 545, align: 'right', odd: odd.has('closing') }], 24)
  }
  add([{ text: 'Date', x: 50, bold: true }, { text: 'Description', x: 130, bold: true }, { text: 'Paid out', x: 400, align: 'right', bold: true }, { text: 'Paid in', x: 470, align: 'right', bold: true }, { text: 'Balance', x: 545, align: 'right', bold: true }], 16)
  const opening = layout === 'classic' ? 'Balance brought forward' : 'Opening balance'
  const closing = layout === 'classic' ? 'Balance carried forward' : 'Closing balance'
  add([{ text: date(truth.period.start), x: 50 }, { text: opening, x: 130 }, { text: money(truth.openingPence), x: 545, align: 'right' }])
  truth.rows.forEach((row, i) => {
    const isOdd = odd.has(`row:${i}`)
    const cells: Cell[] = [{ text: date(row.date), x: 50 }, { text: row.description, x: 130 }]
    if (row.outPence) cells.push({ text: money(row.outPence), x: 400, align: 'right', odd: isOdd })
    if (row.inPence) cells.push({ text: money(row.inPence), x: 470, align: 'right', odd: isOdd })
    cells.push({ text: money(row.balancePence), x: 545, align: 'right', odd: isOdd })
    add(cells)
  })
  add([{ text: date(truth.period.end), x: 50 }, { text: closing, x: 130 }, { text: money(truth.closingPence), x: 545, align: 'right', odd: odd.has('closing') }], 30)
  add([{ text: `${truth.bankName} is authorised by the Prudential Regulation Authority. Calls may be recorded.`, x: 50, size: 7 }])
  return lines
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The same statement as an HTML page with real tables, as a bank's web statement is printed. */
export function statementHtml (truth: StatementTruth, layout: Layout, fonts: { body: string, odd: string }, odd: OddFigures = new Set()): string {
  const date = (iso: string) => formatDate(iso, truth.dateStyle)
  const period = `${date(truth.period.start)} to ${date(truth.period.end)}`
  const sort = truth.sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')
  const e = escapeHtml
  const oddSpan = (text: string, isOdd: boolean) => isOdd ? `<span style="font-family: '${fonts.odd}'">${e(text)}</span>` : e(text)
  const account = oddSpan(truth.accountNumber, odd.has('accountNumber'))
  let head: string
  if (layout === 'compact') {
    head = `<h1>${e(truth.bankName)}</h1><p>Account holder: ${e(truth.accountHolderName)}</p>
<p class="one">Sort code ${sort} &nbsp; Account number ${account} &nbsp; Statement period: ${period}</p>`
  } else if (layout === 'classic') {
    head = `<h1>${e(truth.bankName)}</h1><p class="addr">${truth.address.map(e).join('<br>')}</p><h2>Your current account statement</h2>
<table class="details"><tr><th>Account name</th><td>${e(truth.accountHolderName)}</td></tr><tr><th>Sort code</th><td>${sort}</td></tr>
<tr><th>Account number</th><td>${account}</td></tr><tr><th>Statement period</th><td>${period}</td></tr></table>`
  } else {
    const moneyIn = truth.rows.reduce((sum, r) => sum + (r.inPence ?? 0), 0)
    const moneyOut = truth.rows.reduce((sum, r) => sum + (r.outPence ?? 0), 0)
    const closingOdd = odd.has('closing')
    head = `<table class="top"><tr><td><h1>${e(truth.bankName)}</h1></td><td class="n">Statement</td></tr>
<tr><td>${truth.address.map(e).join('<br>')}</td><td>Account name: ${e(truth.accountHolderName)}<br>Sort code: ${sort}<br>Account number: ${account}<br>Period: ${period}</td></tr></table>
<table class="sum"><tr><td>Opening balance</td><td class="n">${money(truth.openingPence)}</td><td>Money in</td><td class="n">${oddSpan(money(moneyIn), closingOdd)}</td></tr>
<tr><td>Money out</td><td class="n">${oddSpan(money(moneyOut), closingOdd)}</td><td>Closing balance</td><td class="n">${oddSpan(money(truth.closingPence), closingOdd)}</td></tr></table>`
  }
  const opening = layout === 'classic' ? 'Balance brought forward' : 'Opening balance'
  const closing = layout === 'classic' ? 'Balance carried forward' : 'Closing balance'
  const rows = truth.rows.map((row, i) => {
    const isOdd = odd.has(`row:${i}`)
    return `<tr><td>${date(row.date)}</td><td>${e(row.description)}</td><td class="n">${row.outPence ? oddSpan(money(row.outPence), isOdd) : ''}</td><td class="n">${row.inPence ? oddSpan(money(row.inPence), isOdd) : ''}</td><td class="n">${oddSpan(money(row.balancePence), isOdd)}</td></tr>`
  }).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Statement</title><style>
@page { size: A4; margin: 15mm }
body { font-family: '${fonts.body}'; font-size: 9.5pt; color: #111 }
h1 { font-size: 17pt; margin: 0 0 4mm } h2 { font-size: 12pt } table { border-collapse: collapse; width: 100% }
td, th { padding: 2px 5px; text-align: left; vertical-align: top } .n { text-align: right } .details { width: auto } .details th { width: 45mm }
.tx th { border-bottom: 1px solid #444 } .one { white-space: nowrap; font-size: 8.5pt } .addr { margin: 6mm 0 } .sum { margin: 5mm 0; border: 1px solid #888 } .small { font-size: 7pt; margin-top: 8mm }
</style></head><body>
${head}
<table class="tx"><tr><th>Date</th><th>Description</th><th class="n">Paid out (£)</th><th class="n">Paid in (£)</th><th class="n">Balance (£)</th></tr>
<tr><td>${date(truth.period.start)}</td><td>${opening}</td><td></td><td></td><td class="n">${money(truth.openingPence)}</td></tr>
${rows}
<tr><td>${date(truth.period.end)}</td><td>${closing}</td><td></td><td></td><td class="n">${oddSpan(money(truth.closingPence), odd.has('closing'))}</td></tr></table>
<p class="small">${e(truth.bankName)} is authorised by the Prudential Regulation Authority. Calls may be recorded.</p>
</body></html>`
}
