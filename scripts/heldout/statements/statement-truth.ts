import { checkModulus } from '../../../src/modules/bav/index.ts'

/**
 * What one held-out statement says, drawn from a seed: the truth every rendering of it must show.
 * Amounts are in pence so balances add up exactly.
 */
export interface StatementTruth {
  bankName: string
  accountHolderName: string
  address: string[]
  sortCode: string
  accountNumber: string
  period: { start: string, end: string }
  openingPence: number
  rows: Row[]
  closingPence: number
  /** How dates are written: "01/03/2026", "1 March 2026" or "01 Mar 2026". */
  dateStyle: DateStyle
}

export interface Row { date: string, description: string, outPence?: number, inPence?: number, balancePence: number }
export type DateStyle = 'numeric' | 'long' | 'short'

export type Random = () => number

/** mulberry32: a small seeded generator, so a seed always gives the same set. */
export function seeded (seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1))

// Names with "&" and "and" on purpose: outside statements showed such a name cut at the "&".
const BANKS = ['Smith & Co Bank', 'Hale and Partners Bank plc', 'Meridian Bank plc', 'Harbour Building Society', 'Ashford & Reeve Bank', 'Northgate Bank', 'Kestrel Bank UK', 'Lowther Building Society']
const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr']
const GIVEN = ['Daniel', 'Priya', 'Anne-Marie', 'Tomasz', 'Olivia', 'Kwame', 'Siobhan', 'Rahul', 'Eleanor', 'Marcus', 'Fatima', 'George']
const FAMILY = ['Hughes', 'Patel', 'Nowak', 'Okafor', 'Campbell', 'Fitzgerald', 'Whitaker', 'Bradshaw', 'Lindqvist', 'Ahmed', 'Pearson-Lowe', 'Murray']
const STREETS = ['Elm Road', 'Station Street', 'Victoria Avenue', 'Mill Lane', 'Church Close', 'Kingsway']
const TOWNS = [['Leeds', 'LS1 4AB'], ['Bristol', 'BS8 2QT'], ['Norwich', 'NR2 1JE'], ['Cardiff', 'CF10 3AT'], ['Perth', 'PH1 5RP'], ['Derby', 'DE1 2PQ']]
// Sort-code ranges the modulus tables cover (VocaLink's valacdos), so a drawn pair can pass its check.
const SORT_CODE_PREFIXES = ['20', '40', '60', '30', '77', '09', '11', '83', '16', '23']
const DEBITS = ['CARD PAYMENT TESCO STORES', 'DIRECT DEBIT COUNCIL TAX', 'CARD PAYMENT SHELL', 'STANDING ORDER RENT', 'CARD PAYMENT SAINSBURYS', 'DIRECT DEBIT BRITISH GAS', 'CASH WITHDRAWAL LINK ATM', 'CARD PAYMENT AMAZON UK', 'DIRECT DEBIT VODAFONE', 'FASTER PAYMENT TO J BROWN']
const CREDITS = ['SALARY ACME WIDGETS LTD', 'TRANSFER FROM SAVINGS', 'REFUND ARGOS', 'FASTER PAYMENT FROM M KHAN', 'HMRC TAX REFUND']
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** A sort code and account number that pass the modulus check, as a real account's would. */
export function validAccount (random: Random, sortCode?: string): { sortCode: string, accountNumber: string } {
  for (;;) {
    const code = sortCode ?? `${pick(random, SORT_CODE_PREFIXES)}${String(between(random, 0, 9999)).padStart(4, '0')}`
    const accountNumber = String(between(random, 10_000_000, 99_999_999))
    if (checkModulus(code, accountNumber).result === 'pass') return { sortCode: code, accountNumber }
  }
}

const iso = (d: Date) => d.toISOString().slice(0, 10)

function period (random: Random): { start: Date, end: Date } {
  // Months of 2026 before the set is made (November), so no date is in the future.
  const month = between(random, 0, 8)
  if (random() < 0.6) return { start: new Date(Date.UTC(2026, month, 1)), end: new Date(Date.UTC(2026, month + 1, 0)) }
  const day = between(random, 5, 24)
  return { start: new Date(Date.UTC(2026, month, day)), end: new Date(Date.UTC(2026, month + 1, day - 1)) }
}

export function formatDate (isoDate: string, style: DateStyle): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
  if (style === 'numeric') return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`
  if (style === 'long') return `${d} ${MONTH_NAMES[m - 1]} ${y}`
  return `${String(d).padStart(2, '0')} ${MONTH_NAMES[m - 1]!.slice(0, 3)} ${y}`
}

/** "1,234.56" from pence, as UK banks print money. */
export const money = (pence: number) => (pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** "1234.56", as extraction reports a balance. */
export const plain = (pence: number) => (pence / 100).toFixed(2)

export function makeTruth (random: Random): StatementTruth {
  const { start, end } = period(random)
  const opening = between(random, 40_000, 600_000)
  const rowCount = between(random, 7, 14)
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000)
  const offsets = Array.from({ length: rowCount }, () => between(random, 1, days)).sort((a, b) => a - b)
  let balance = opening
  const rows: Row[] = offsets.map((offset, i) => {
    const date = iso(new Date(start.getTime() + offset * 86_400_000))
    // One salary-sized credit early keeps the balance above zero whatever is spent.
    const isCredit = i === 1 || random() < 0.2
    const amount = isCredit ? between(random, 5_000, i === 1 ? 320_000 : 60_000) : between(random, 199, Math.min(90_000, Math.floor(balance / 3)) + 200)
    balance += isCredit ? amount : -amount
    return isCredit
      ? { date, description: pick(random, CREDITS), inPence: amount, balancePence: balance }
      : { date, description: pick(random, DEBITS), outPence: amount, balancePence: balance }
  })
  const town = pick(random, TOWNS)
  const holder = `${pick(random, TITLES)} ${pick(random, GIVEN)} ${pick(random, FAMILY)}`
  return {
    bankName: pick(random, BANKS),
    accountHolderName: holder,
    address: [holder.toUpperCase(), `${between(random, 1, 180)} ${pick(random, STREETS)}`, town[0]!, town[1]!],
    ...validAccount(random),
    period: { start: iso(start), end: iso(end) },
    openingPence: opening,
    rows,
    closingPence: balance,
    dateStyle: pick(random, ['numeric', 'long', 'short'] as const),
  }
}

/** The fields extraction should report for this statement. */
export function expectedFields (truth: StatementTruth) {
  return {
    bankName: truth.bankName,
    accountHolderName: truth.accountHolderName,
    sortCode: truth.sortCode,
    accountNumber: truth.accountNumber,
    statementPeriod: truth.period,
    openingBalance: plain(truth.openingPence),
    closingBalance: plain(truth.closingPence),
  }
}
