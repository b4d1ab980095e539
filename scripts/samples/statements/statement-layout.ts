/** One movement on a statement; amounts are decimal strings ("45.67"), dates ISO ("2026-03-02"). */
export interface StatementTransaction {
  date: string
  description: string
  paidOut?: string
  paidIn?: string
}

/** What a sample statement says; the layout adds the running and closing balances. */
export interface StatementContent {
  bankName: string
  accountHolderName: string
  /** Six digits, printed as 08-99-99. */
  sortCode: string
  accountNumber: string
  iban: string
  bic: string
  periodStart: string
  periodEnd: string
  currency: string
  openingBalance: string
  transactions: StatementTransaction[]
}

/** A piece of text at a point of the page, in PDF points from the bottom-left corner. */
export interface TextRun {
  text: string
  x: number
  y: number
  size: number
  /** 'right': x is where the text ends (amount columns). */
  align: 'left' | 'right'
  /** The kind of run, so a variant can find and change one (the closing figure). */
  role?: 'closing-balance'
}

export interface StatementLayout {
  pageWidth: number
  pageHeight: number
  pages: TextRun[][]
  /** The closing balance the rows add up to, as a decimal string. */
  closingBalance: string
}

export const A4 = { width: 595.28, height: 841.89 }
const MARGIN_LEFT = 50
const TOP = 790
const LINE = 14
const BODY_SIZE = 9
const TITLE_SIZE = 16
const ROWS_TOP = 640
/** Right edges of the amount columns. */
const COLUMNS = { date: MARGIN_LEFT, description: 120, paidOut: 400, paidIn: 470, balance: 545 }
const DEFAULT_ROWS_PER_PAGE = 40

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function toPence (amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount)
  if (!match) throw new Error(`Not a decimal amount with two places: ${amount}`)
  const pence = Number(match[2]) * 100 + Number(match[3])
  return match[1] === '-' ? -pence : pence
}

function fromPence (pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(pence)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** 1250.00 → "1,250.00" as statements print it. */
export function formatAmount (amount: string): string {
  const [whole = '', fraction = ''] = amount.replace('-', '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${amount.startsWith('-') ? '-' : ''}${grouped}.${fraction}`
}

function dayMonth (iso: string): { day: string, month: number, year: string } {
  const [year = '', month = '', day = ''] = iso.split('-')
  return { day, month: Number(month) - 1, year }
}

/** "2026-03-01" → "01 Mar 2026" (table rows). */
export function formatShortDate (iso: string): string {
  const { day, month, year } = dayMonth(iso)
  return `${day} ${MONTHS[month]!.slice(0, 3)} ${year}`
}

/** "2026-03-01" → "01 March 2026" (the statement period). */
export function formatLongDate (iso: string): string {
  const { day, month, year } = dayMonth(iso)
  return `${day} ${MONTHS[month]!} ${year}`
}

function headerRuns (content: StatementContent): TextRun[] {
  const sortCode = content.sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')
  const at = (line: number) => TOP - line * LINE
  const left = (text: string, line: number, x = MARGIN_LEFT): TextRun => ({ text, x, y: at(line), size: BODY_SIZE, align: 'left' })
  return [
    { text: content.bankName, x: MARGIN_LEFT, y: TOP, size: TITLE_SIZE, align: 'left' },
    left('Statement of account', 2),
    left(`Account holder: ${content.accountHolderName}`, 3),
    left(`Sort code: ${sortCode}`, 4),
    left(`Account number: ${content.accountNumber}`, 4, 210),
    left(`IBAN: ${content.iban}`, 5),
    left(`BIC: ${content.bic}`, 5, 310),
    left(`Statement period: ${formatLongDate(content.periodStart)} to ${formatLongDate(content.periodEnd)}`, 6),
    left(`Currency: ${content.currency}`, 7),
    left('Date', 9, COLUMNS.date),
    left('Description', 9, COLUMNS.description),
    { text: 'Paid out', x: COLUMNS.paidOut, y: at(9), size: BODY_SIZE, align: 'right' },
    { text: 'Paid in', x: COLUMNS.paidIn, y: at(9), size: BODY_SIZE, align: 'right' },
    { text: 'Balance', x: COLUMNS.balance, y: at(9), size: BODY_SIZE, align: 'right' },
  ]
}

interface Row { date: string, description: string, paidOut?: string, paidIn?: string, balance?: string, role?: TextRun['role'] }

function rowRuns (row: Row, y: number): TextRun[] {
  const runs: TextRun[] = [
    { text: formatShortDate(row.date), x: COLUMNS.date, y, size: BODY_SIZE, align: 'left' },
    { text: row.description, x: COLUMNS.description, y, size: BODY_SIZE, align: 'left' },
  ]
  const amount = (value: string | undefined, x: number, role?: TextRun['role']) => {
    if (value !== undefined) runs.push({ text: formatAmount(value), x, y, size: BODY_SIZE, align: 'right', ...(role ? { role } : {}) })
  }
  amount(row.paidOut, COLUMNS.paidOut)
  amount(row.paidIn, COLUMNS.paidIn)
  amount(row.balance, COLUMNS.balance, row.role)
  return runs
}

function rowsOf (content: StatementContent): { rows: Row[], closing: string } {
  let balance = toPence(content.openingBalance)
  const rows: Row[] = [{ date: content.periodStart, description: 'Opening balance', balance: content.openingBalance }]
  for (const t of content.transactions) {
    balance += (t.paidIn ? toPence(t.paidIn) : 0) - (t.paidOut ? toPence(t.paidOut) : 0)
    rows.push({ ...t, balance: fromPence(balance) })
  }
  const closing = fromPence(balance)
  rows.push({ date: content.periodEnd, description: 'Closing balance', balance: closing, role: 'closing-balance' })
  return { rows, closing }
}

/**
 * Places a statement on A4 pages: the account block and column headings on every page, then one
 * row per line with running balances worked out in pence, so they always add up.
 */
export function layOutStatement (content: StatementContent, rowsPerPage = DEFAULT_ROWS_PER_PAGE): StatementLayout {
  const { rows, closing } = rowsOf(content)
  const pages: TextRun[][] = []
  for (let first = 0; first < rows.length; first += rowsPerPage) {
    const pageRows = rows.slice(first, first + rowsPerPage)
    pages.push([...headerRuns(content), ...pageRows.flatMap((row, i) => rowRuns(row, ROWS_TOP - i * LINE))])
  }
  return { pageWidth: A4.width, pageHeight: A4.height, pages, closingBalance: closing }
}

export const amounts = { toPence, fromPence }
