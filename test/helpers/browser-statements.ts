import { electronicFormatIBAN, isValidIBAN } from 'ibantools'

/**
 * Bank statements as HTML in the layouts four kinds of UK bank print, for a browser to make into
 * PDFs and images: files made by a tool idcheck did not write, unlike its own samples (pdf-lib).
 * Every figure adds up, so a statement shows no risk signal.
 */
export interface BrowserStatement {
  name: string
  html: string
  expected: { sortCode: string, accountNumber: string, accountHolderName: string, bankName: string, openingBalance: string, closingBalance: string }
  /** The extraction's rating: Medium when the holder could only be guessed (no label). */
  rating: 'Low' | 'Medium'
}

interface Line { date: string, description: string, out?: number, in?: number }

const money = (n: number) => n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Transactions with a running balance, from an opening balance. */
function rows (opening: number, lines: readonly Line[]) {
  let balance = opening
  return {
    closing: () => balance,
    html: lines.map((l) => {
      balance = Math.round((balance - (l.out ?? 0) + (l.in ?? 0)) * 100) / 100
      return `<tr><td>${l.date}</td><td>${l.description}</td><td class="n">${l.out ? money(l.out) : ''}</td><td class="n">${l.in ? money(l.in) : ''}</td><td class="n">${money(balance)}</td></tr>`
    }).join(''),
  }
}

const page = (style: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 16mm }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #111; margin: 0 }
table { border-collapse: collapse; width: 100% } td, th { padding: 3px 6px; text-align: left } .n { text-align: right }
${style}</style></head><body>${body}</body></html>`

const MARCH: readonly Line[] = [
  { date: '02 Mar 2026', description: 'CARD PAYMENT TESCO STORES 2231', out: 45.2 },
  { date: '05 Mar 2026', description: 'SALARY ACME WIDGETS LTD', in: 2150 },
  { date: '09 Mar 2026', description: 'DIRECT DEBIT COUNCIL TAX', out: 138 },
  { date: '14 Mar 2026', description: 'FASTER PAYMENT J SMITH RENT', out: 875 },
  { date: '21 Mar 2026', description: 'CARD PAYMENT SHELL 0142', out: 61.35 },
  { date: '28 Mar 2026', description: 'TRANSFER FROM SAVINGS', in: 200 },
]

/** A high-street bank: letterhead, address block, a details table without colons, the transactions. */
function highStreet (): BrowserStatement {
  const opening = 1250
  const t = rows(opening, MARCH)
  const body = `
<h1>Meridian Bank plc</h1>
<p class="addr">MR JOHN A SMITH<br>14 Elm Road<br>Leeds<br>LS1 4AB</p>
<h2>Your Current Account statement</h2>
<table class="details">
<tr><th>Account Name</th><td>Mr John A Smith</td></tr>
<tr><th>Sort Code</th><td>20-09-15</td></tr>
<tr><th>Account Number</th><td>41011166</td></tr>
<tr><th>Statement period</th><td>01/03/2026 to 31/03/2026</td></tr>
</table>
<table class="tx"><thead><tr><th>Date</th><th>Description</th><th class="n">Paid out (£)</th><th class="n">Paid in (£)</th><th class="n">Balance (£)</th></tr></thead>
<tbody><tr><td>01 Mar 2026</td><td>Balance brought forward</td><td></td><td></td><td class="n">${money(opening)}</td></tr>${t.html}
<tr><td>31 Mar 2026</td><td>Balance carried forward</td><td></td><td></td><td class="n">${money(t.closing())}</td></tr></tbody></table>
<p class="small">Meridian Bank plc is authorised by the Prudential Regulation Authority. Registered in England No. 0000001.</p>`
  return {
    name: 'high-street',
    html: page('h1 { color: #0a3d62; font-size: 20pt } .addr { margin: 8mm 0 } .details th { width: 45mm } .tx th { border-bottom: 1px solid #333 } .small { font-size: 7pt; color: #444; margin-top: 10mm }', body),
    expected: { sortCode: '200915', accountNumber: '41011166', accountHolderName: 'Mr John A Smith', bankName: 'Meridian Bank plc', openingBalance: '1250.00', closingBalance: money(t.closing()).replace(/,/g, '') },
    rating: 'Low',
  }
}

/** A building society: labels with colons, an IBAN, a hyphenated surname, two columns of details. */
function buildingSociety (): BrowserStatement {
  const opening = 312.4
  const t = rows(opening, MARCH.slice(0, 4))
  const iban = electronicFormatIBAN(ibanOf('HBUK', '309070', '02355688'))!
  const body = `
<div class="head"><strong>Harbour Building Society</strong><span>Statement 14 of 2026</span></div>
<div class="cols"><div>
<p>Account holder: Mrs Olga Kowalczyk-Nowak</p>
<p>Sort code: 30-90-70</p>
<p>Account no: 02355688</p></div><div>
<p>IBAN: ${iban.replace(/(.{4})/g, '$1 ').trim()}</p>
<p>Currency: GBP</p>
<p>Period: 1 March 2026 - 31 March 2026</p></div></div>
<p>Opening balance: £${money(opening)}</p>
<table class="tx"><thead><tr><th>Date</th><th>Details</th><th class="n">Out</th><th class="n">In</th><th class="n">Balance</th></tr></thead><tbody>${t.html}</tbody></table>
<p>Closing balance: £${money(t.closing())}</p>`
  return {
    name: 'building-society',
    html: page('.head { display: flex; justify-content: space-between; font-size: 14pt; border-bottom: 2px solid #064; padding-bottom: 4mm } .cols { display: flex; gap: 20mm } .cols p { margin: 2px 0 } .tx { margin: 6mm 0 }', body),
    expected: { sortCode: '309070', accountNumber: '02355688', accountHolderName: 'Mrs Olga Kowalczyk-Nowak', bankName: 'Harbour Building Society', openingBalance: money(opening).replace(/,/g, ''), closingBalance: money(t.closing()).replace(/,/g, '') },
    rating: 'Low',
  }
}

/** An app-only bank: details on one line, sort code in spaced pairs, the holder under a "Name" label. */
function appBank (): BrowserStatement {
  const opening = 86.1
  const t = rows(opening, MARCH.slice(1))
  const body = `
<p class="brand">Northgate Bank</p>
<p>Name: Priya Patel</p>
<p>Sort code 08 60 90 &nbsp;&nbsp; Account number 06774744</p>
<p>Statement dates: 1 Mar 2026 to 31 Mar 2026</p>
<table class="tx"><thead><tr><th>Date</th><th>Description</th><th class="n">Money out</th><th class="n">Money in</th><th class="n">Balance</th></tr></thead><tbody>${t.html}</tbody></table>
<p>Start balance £${money(opening)} &nbsp; End balance £${money(t.closing())}</p>`
  return {
    name: 'app-bank',
    html: page('.brand { font-size: 22pt; font-weight: bold; color: #c0392b; margin: 0 0 6mm } .tx td { border-bottom: 1px solid #ddd }', body),
    expected: { sortCode: '086090', accountNumber: '06774744', accountHolderName: 'Priya Patel', bankName: 'Northgate Bank', openingBalance: money(opening).replace(/,/g, ''), closingBalance: money(t.closing()).replace(/,/g, '') },
    rating: 'Low',
  }
}

/** An old-style letter: the holder only in the address block (no label), the statement date beside it. */
function letter (): BrowserStatement {
  const opening = 2040.5
  const t = rows(opening, MARCH.slice(2))
  const body = `
<h1>Kingsbridge Bank</h1>
<div class="top"><p>MR ROBERT JONES<br>7 Mill Lane<br>Bristol<br>BS1 5TR</p><p>Statement date 31/03/2026<br>Page 1 of 1</p></div>
<p>Current Account &nbsp; Sort code 11-87-65 &nbsp; Account number 64371389</p>
<table class="tx"><thead><tr><th>Date</th><th>Description</th><th class="n">Payments</th><th class="n">Receipts</th><th class="n">Balance</th></tr></thead>
<tbody><tr><td>01 Mar 2026</td><td>Balance brought forward</td><td></td><td></td><td class="n">${money(opening)}</td></tr>${t.html}
<tr><td>31 Mar 2026</td><td>Balance carried forward</td><td></td><td></td><td class="n">${money(t.closing())}</td></tr></tbody></table>`
  return {
    name: 'letter',
    html: page('h1 { font-size: 16pt; letter-spacing: 1px } .top { display: flex; justify-content: space-between; margin-bottom: 8mm }', body),
    expected: { sortCode: '118765', accountNumber: '64371389', accountHolderName: 'MR ROBERT JONES', bankName: 'Kingsbridge Bank', openingBalance: money(opening).replace(/,/g, ''), closingBalance: money(t.closing()).replace(/,/g, '') },
    rating: 'Medium',
  }
}

/** A GB IBAN from its bank code, sort code and account number (check digits by ISO 13616). */
function ibanOf (bank: string, sortCode: string, accountNumber: string): string {
  const bban = bank + sortCode + accountNumber
  const digits = (bban + 'GB00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  const check = 98 - Number(BigInt(digits) % 97n)
  const iban = `GB${String(check).padStart(2, '0')}${bban}`
  if (!isValidIBAN(iban)) throw new Error(`made an invalid IBAN ${iban}`)
  return iban
}

export const BROWSER_STATEMENTS: readonly BrowserStatement[] = [highStreet(), buildingSociety(), appBank(), letter()]
