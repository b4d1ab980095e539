import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseStatementText } from './statement-fields.ts'
import { currencyMentioned, parseAmount, parseDate } from './statement-values.ts'

const value = <T>(f: { value: T } | null) => f?.value ?? null

describe('parseStatementText', () => {
  it('when a details table gives the holder in the column after "Account Name", without a colon, then the name is read', () => {
    const fields = parseStatementText(['Meridian Bank plc', 'MR JOHN A SMITH', '14 Elm Road', 'Account Name  Mr John A Smith', 'Sort Code  20-09-15', 'Account Number  41011166'].join('\n'), 0.99)
    assert.deepEqual(fields.accountHolderName, { value: 'Mr John A Smith', confidence: 0.92 })
    assert.deepEqual([value(fields.sortCode), value(fields.accountNumber)], ['200915', '41011166'])
  })

  it('when a line reads "Account name" followed by lower-case words, then it is not taken for a holder', () => {
    assert.equal(parseStatementText('Your account name is shown on the first page', 0.99).accountHolderName, null)
    assert.equal(parseStatementText('Account name  changes are made in branch', 0.99).accountHolderName, null)
  })

  it('when the holder is named only in the address block, then that line is read as a guess (below 0.8), and a name further down is not', () => {
    const top = ['Meridian Bank plc', '', 'MR JOHN A SMITH            Statement date 31/03/2026', '14 Elm Road', 'Leeds LS1 4AB', 'Sort code 20-09-15  Account number 41011166']
    assert.deepEqual(parseStatementText(top.join('\n'), 0.99).accountHolderName, { value: 'MR JOHN A SMITH', confidence: 0.74 })
    assert.equal(parseStatementText('Kingsbridge Bank\nMR ROBERT JONES Statement date 31/03/2026', 0.99).accountHolderName?.value, 'MR ROBERT JONES')
    const low = ['Meridian Bank plc', ...Array.from({ length: 12 }, (_, i) => `line ${i}`), 'Mrs Jane Doe']
    assert.equal(parseStatementText(low.join('\n'), 0.99).accountHolderName, null)
    assert.equal(parseStatementText('Meridian Bank plc\nMr Smith & Mrs Smith', 0.99).accountHolderName, null)
  })

  it('when the opening and closing balances share a line, then each is the amount after its own label', () => {
    const fields = parseStatementText('Start balance £86.10   End balance £1,361.75', 0.99)
    assert.deepEqual([value(fields.openingBalance), value(fields.closingBalance)], ['86.10', '1361.75'])
  })

  it('when a text layer shows every field (columns two spaces apart), then each is read with a high confidence', () => {
    const text = [
      'Northwind Bank plc',
      'Statement of account',
      'Account holder: Jane Doe',
      'Sort code: 08-99-99  Account number: 66374958',
      'IBAN: GB70NWBK08999966374958  BIC: NWBKGB2L',
      'Statement period: 01 March 2026 to 31 March 2026',
      'Currency: GBP',
      'Date  Description  Paid out  Paid in  Balance',
      '01 Mar 2026  Opening balance  1,250.00',
      '02 Mar 2026  Card payment TESCO STORES 3041  45.67  1,204.33',
      '31 Mar 2026  Closing balance  1,204.33',
    ].join('\n')
    assert.deepEqual(parseStatementText(text, 0.99), {
      accountHolderName: { value: 'Jane Doe', confidence: 0.96 },
      bankName: { value: 'Northwind Bank plc', confidence: 0.94 },
      sortCode: { value: '089999', confidence: 0.98 },
      accountNumber: { value: '66374958', confidence: 0.98 },
      iban: { value: 'GB70NWBK08999966374958', confidence: 0.98 },
      bic: { value: 'NWBKGB2L', confidence: 0.96 },
      statementPeriod: { value: { start: '2026-03-01', end: '2026-03-31' }, confidence: 0.96 },
      currency: { value: 'GBP', confidence: 0.97 },
      openingBalance: { value: '1250.00', confidence: 0.96 },
      closingBalance: { value: '1204.33', confidence: 0.96 },
    })
  })

  it('when OCR text uses "Money out/Money in", £ amounts, dd/mm/yyyy dates and single spaces, then the same fields come out', () => {
    const text = [
      'Riverside Building Society',
      'Account name: Mr John Smith',
      'Sort Code 20-29-59 Account No 63748472',
      'Statement dates: 01/03/2026 - 31/03/2026',
      'Date Description Money out Money in Balance',
      '01/03/2026 Balance brought forward £1,250.00',
      '04/03/2026 Card payment ARGOS £19.99 £1,230.01',
      '31/03/2026 Balance carried forward £1,230.01',
    ].join('\n')
    const fields = parseStatementText(text, 0.9)
    assert.deepEqual(fields, {
      accountHolderName: { value: 'Mr John Smith', confidence: 0.87 },
      bankName: { value: 'Riverside Building Society', confidence: 0.86 },
      sortCode: { value: '202959', confidence: 0.89 },
      accountNumber: { value: '63748472', confidence: 0.89 },
      iban: null,
      bic: null,
      statementPeriod: { value: { start: '2026-03-01', end: '2026-03-31' }, confidence: 0.85 },
      currency: { value: 'GBP', confidence: 0.77 },
      openingBalance: { value: '1250.00', confidence: 0.87 },
      closingBalance: { value: '1230.01', confidence: 0.87 },
    })
  })

  it('when only a GB IBAN is printed (in groups of four), then it gives the sort code and account number', () => {
    const fields = parseStatementText('IBAN GB70 NWBK 0899 9966 3749 58\nSWIFT BIC: NWBKGB2L', 0.99)
    assert.deepEqual(fields.iban, { value: 'GB70NWBK08999966374958', confidence: 0.98 })
    assert.deepEqual(fields.sortCode, { value: '089999', confidence: 0.95 })
    assert.deepEqual(fields.accountNumber, { value: '66374958', confidence: 0.95 })
    assert.deepEqual(fields.bic, { value: 'NWBKGB2L', confidence: 0.96 })
  })

  it('when an IBAN with no label sits in running text, then it is found only when its check digits are right', () => {
    assert.equal(value(parseStatementText('Pay to GB70NWBK08999966374958 today', 0.99).iban), 'GB70NWBK08999966374958')
    assert.equal(parseStatementText('Pay to GB71NWBK08999966374958 today', 0.99).iban, null)
  })

  it('when the IBAN disagrees with the printed sort code and account number, then all three are doubted', () => {
    const fields = parseStatementText('Sort code: 20-29-59\nAccount number: 63748472\nIBAN: GB70NWBK08999966374958', 0.99)
    assert.deepEqual([value(fields.sortCode), value(fields.accountNumber)], ['202959', '63748472'])
    assert.deepEqual([fields.sortCode!.confidence, fields.accountNumber!.confidence, fields.iban!.confidence], [0.49, 0.49, 0.49])
  })

  it('when the sort code and account number fail the modulus check, then they are kept with a low confidence', () => {
    const fields = parseStatementText('Sort code: 08-99-99\nAccount number: 66374959', 0.99)
    assert.deepEqual([fields.sortCode, fields.accountNumber], [{ value: '089999', confidence: 0.29 }, { value: '66374959', confidence: 0.29 }])
  })

  it('when the account number has seven digits, then it takes a leading zero, a little less sure', () => {
    assert.deepEqual(parseStatementText('A/C No: 6774744\nSort code 08 60 90', 0.99).accountNumber, { value: '06774744', confidence: 0.89 })
  })

  it('when OCR reads 0 as O and 1 as l inside the numbers, then they are fixed, less sure', () => {
    const fields = parseStatementText('Sort code: O8-99-99 Account number: 66374958', 0.9)
    assert.deepEqual(fields.sortCode, { value: '089999', confidence: 0.76 })
    assert.deepEqual(parseStatementText('Sort code: 10-79-99 Account number: 8883749l', 0.9).accountNumber, { value: '88837491', confidence: 0.76 })
  })

  it('when a sort code has no label, then a dd-dd-dd group that is not a date is taken as a guess', () => {
    assert.deepEqual(parseStatementText('Northwind 08-99-99 66374958', 0.99).sortCode, { value: '089999', confidence: 0.59 })
    assert.equal(parseStatementText('Paid on 01-03-26', 0.99).sortCode, null)
  })

  it('when the text shows no account details, then those fields are null (not an error)', () => {
    const fields = parseStatementText('Dear customer,\nthank you for your letter.', 0.95)
    assert.deepEqual(Object.values(fields).filter((f) => f !== null), [])
  })

  it('when a balance is alone on the next line, negative, or repeated over pages, then the first opening and the last closing are taken', () => {
    const text = ['Opening balance', '(12.50)', 'Closing balance 100.00', 'page 2', 'Closing balance 250.00 DR'].join('\n')
    const fields = parseStatementText(text, 1)
    assert.deepEqual(fields.openingBalance, { value: '-12.50', confidence: 0.85 })
    assert.deepEqual(fields.closingBalance, { value: '-250.00', confidence: 0.97 })
  })

  it('when the bank is named by a phrase, a label or only the letterhead, then the name is read with the matching confidence', () => {
    assert.deepEqual(parseStatementText('Your statement\nBank of Scotland', 1).bankName, { value: 'Bank of Scotland', confidence: 0.95 })
    assert.deepEqual(parseStatementText('Statement\nBank: Monzo', 1).bankName, { value: 'Monzo', confidence: 0.95 })
    assert.deepEqual(parseStatementText('Starling\nStatement', 1).bankName, { value: 'Starling', confidence: 0.5 })
    assert.equal(parseStatementText('Statement of account\nBank name: ', 1).bankName, null)
    assert.deepEqual(parseStatementText('Smith & Co Bank\nStatement of account', 1).bankName, { value: 'Smith & Co Bank', confidence: 0.95 })
    assert.deepEqual(parseStatementText('Statement from Hale and Partners Bank plc', 1).bankName, { value: 'Hale and Partners Bank plc', confidence: 0.95 })
  })

  it('when the holder\'s name runs into the next label on its line, then it stops there', () => {
    assert.equal(value(parseStatementText('Name: Jane Doe Sort code: 08-99-99', 1).accountHolderName), 'Jane Doe')
    assert.equal(value(parseStatementText('Account holders: Mr J Doe & Mrs A Doe  Page 1 of 3', 1).accountHolderName), 'Mr J Doe & Mrs A Doe')
    assert.equal(parseStatementText('Bank name: Northwind', 1).accountHolderName, null)
  })

  it('when OCR blurs a scan\'s details (a gap in a number or a date, specks after a label, a full stop for a comma), then they are still read', () => {
    assert.deepEqual(parseStatementText('Account number: 969647 12\nSort code: 16-31-93', 1).accountNumber, { value: '96964712', confidence: 0.95 })
    assert.equal(value(parseStatementText('Sortcode 40-20-22 Account number ~~ 79410864 Statement period', 1).accountNumber), '79410864')
    assert.equal(value(parseStatementText('Account number 41011166 12 March 2026', 1).accountNumber), '41011166')
    assert.deepEqual(value(parseStatementText('Statement period: 08/09/2026 to 07/1 0/2026', 1).statementPeriod), { start: '2026-09-08', end: '2026-10-07' })
    assert.equal(value(parseStatementText('1 February 2026 Opening balance 1.354.24', 1).openingBalance), '1354.24')
    assert.deepEqual(value(parseStatementText('CF10 3AT Period: 01/02/2026 10 28/02/2026', 1).statementPeriod), { start: '2026-02-01', end: '2026-02-28' })
    assert.deepEqual(value(parseStatementText('Statement period: 12 September 2026 © 11 October 2026', 1).statementPeriod), { start: '2026-09-12', end: '2026-10-11' })
    assert.deepEqual(parseStatementText('04/03/2026 Balance carried forward 1,942 54', 1).closingBalance, { value: '1942.54', confidence: 0.9 })
    assert.equal(value(parseStatementText('31 May 2026 Balance camied forward 2,632.34', 1).closingBalance), '2632.34')
    assert.equal(value(parseStatementText('01/09/2026 Opening balance 4,950,99', 1).openingBalance), '4950.99')
    assert.equal(value(parseStatementText('Sort code 40-30-12 Account num ber 77460071', 1).accountNumber), '77460071')
    assert.equal(value(parseStatementText('MR PRIYA PATEL Account name; Mr Priya Patel', 1).accountHolderName), 'Mr Priya Patel')
  })

  it('when a summary box prints another figure after a balance on its line, then the balance is the figure after its own label', () => {
    const fields = parseStatementText('Opening balance 5,259.44 Money in 1,160.22\nMoney out 4,605.22 Closing balance 1,814.44', 1)
    assert.deepEqual([value(fields.openingBalance), value(fields.closingBalance)], ['5259.44', '1814.44'])
  })

  it('when a summary box and the transactions table both give the opening balance, then the table\'s dated row is read', () => {
    const text = ['[opening balance = Ne 765.94]', 'Date Description Paid out Paid in Balance', '1 February 2026 Opening balance 712.58'].join('\n')
    assert.equal(value(parseStatementText(text, 1).openingBalance), '712.58')
  })

  it('when OCR sets the holder\'s label one space after the address column, then the name after the label is read', () => {
    assert.deepEqual(parseStatementText('Ashford & Reeve Bank\nMRS TOMASZ HUGHES Account name: Mrs Tomasz Hughes', 1).accountHolderName, { value: 'Mrs Tomasz Hughes', confidence: 0.95 })
  })

  it('when the period is written in other ways, then it is read as ISO dates', () => {
    const period = (text: string) => value(parseStatementText(text, 1).statementPeriod)
    const march = { start: '2026-03-01', end: '2026-03-31' }
    assert.deepEqual(period('Statement period: 1st March 2026 to 31st March 2026'), march)
    assert.deepEqual(period('Period: March 1, 2026 - March 31, 2026'), march)
    assert.deepEqual(period('From 2026-03-01 to 2026-03-31'), march)
    assert.deepEqual(period('01 Mar 2026 to 31 Mar 2026'), march)
    assert.equal(period('Statement period: 31/02/2026 to 31/03/2026'), null)
  })

  it('when the currency is a code, a symbol or neither, then it is read or null', () => {
    assert.deepEqual(parseStatementText('Currency: eur', 1).currency, { value: 'EUR', confidence: 0.98 })
    assert.deepEqual(parseStatementText('Balance 12.00 USD', 1).currency, { value: 'USD', confidence: 0.9 })
    assert.deepEqual(parseStatementText('Balance €12.00', 1).currency, { value: 'EUR', confidence: 0.85 })
    assert.equal(parseStatementText('Currency: ABC  Balance 12.00', 1).currency, null)
  })
})

describe('statement values', () => {
  it('when dates are printed in the usual ways, then parseDate gives ISO, day first, and null for impossible dates', () => {
    const cases: [string, string | null][] = [
      ['01 March 2026', '2026-03-01'], ['1st Mar 2026', '2026-03-01'], ['Sept 30, 2026', '2026-09-30'], ['01/03/2026', '2026-03-01'],
      ['1.3.2026', '2026-03-01'], ['01-03-26', '2026-03-01'], ['2026-03-01', '2026-03-01'], ['30/02/2026', null], ['13/13/2026', null],
    ]
    for (const [text, iso] of cases) assert.equal(parseDate(text), iso, text)
  })

  it('when amounts are printed in the usual ways, then parseAmount gives a plain decimal string', () => {
    const cases: [string, string | null][] = [
      ['1,250.00', '1250.00'], ['£1,250.00', '1250.00'], ['0.50', '0.50'], ['-12.50', '-12.50'], ['(12.50)', '-12.50'],
      ['12.50 DR', '-12.50'], ['12.50CR', '12.50'], ['1,25.00', null], ['12.5', null],
    ]
    for (const [text, amount] of cases) assert.equal(parseAmount(text), amount, text)
  })

  it('when a text names several currencies, then the most frequent code wins over any symbol', () => {
    assert.deepEqual(currencyMentioned('£1 GBP 2 EUR 3 EUR'), { code: 'EUR', bySymbol: false })
    assert.equal(currencyMentioned('nothing here'), null)
  })
})
