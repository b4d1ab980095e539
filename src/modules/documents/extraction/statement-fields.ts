import { findAccountDetails } from './account-details.ts'
import type { FieldMaker } from './account-details.ts'
import type { Field, StatementFields } from './extraction-types.ts'
import { AMOUNT_SOURCE, DATE_SOURCE, currencyMentioned, isCurrencyCode, parseAmount, parseDate } from './statement-values.ts'

// Each finder weighs its own pattern (close to 1 for a labelled, validated value, lower for a
// guess); the field's confidence is that weight times the reading's base confidence.

/** Words that start the next field on the same line, so a name never runs into them. */
const NEXT_LABEL = /\s+(?=(?:sort\s*code|account\s*(?:number|no\b)|a\/c\b|iban|bic|swift|statement|period|currency|date|address|page)\b)/i
const HOLDER = /(?:^|\s{2,})(account\s+holders?|account\s+names?|customer\s+name|name)\s*:\s*(.+)$/im
/** A details table prints the label in one column and the name in the next, with no colon: only the unmistakable labels, and a name that starts with a capital. */
/** OCR sets the details column one space after the address column: only the unmistakable labels, with their colon. */
const HOLDER_INLINE = /\b(?:account\s+holders?|account\s+names?|customer\s+name)\s*[:;]\s*(.+)$/im
const HOLDER_COLUMN = /(?:^|\s{2,})(?:account\s+holders?(?:\s+names?)?|account\s+names?|customer\s+name)(?:\(s\))?\s+(\p{Lu}.+)$/imu
const BANK_LABELLED = /(?:^|\s{2,})(?:bank(?:\s+name)?|issued\s+by)\s*:\s*(.+)$/im
// "&" and "and" join words inside a name ("Smith & Co Bank"), so the name does not start after them.
const BANK_PHRASE = /\b(?:[A-Z][\w&'.-]*\s+(?:(?:[A-Z][\w&'.-]*|&|and)\s+){0,3}(?:Bank|Building\s+Society|Banking\s+Group)(?:\s+(?:plc|PLC|UK|Ltd\.?|Limited|AG|SA|N\.A\.))?|Bank\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?![\w])/
// After a period's label, OCR's readings of "to" ("10", "t0", "lo", "©") can only be that word.
const PERIOD_LABELLED = new RegExp(`(?:statement\\s+period|period|statement\\s+dates?|from)\\s*:?\\s*(${DATE_SOURCE})\\s*(?:to|until|-|–|—|10|t0|lo|io|©)\\s*(${DATE_SOURCE})`, 'i')
const PERIOD_BARE = new RegExp(`(${DATE_SOURCE})\\s+(?:to|until|-|–|—)\\s+(${DATE_SOURCE})`, 'i')
const CURRENCY_LABELLED = /\bcurrency\s*:?\s*([A-Za-z]{3})\b/i
// "br…t forward" and "ca…d forward": OCR misreads the middle letters ("camied"); the shape of the phrase is enough.
const OPENING = /\b(?:opening\s+balance|balance\s+br\w{3,5}t\s+forward|brought\s+forward|previous\s+balance|start(?:ing)?\s+balance|balance\s+b\/f)\b/i
const CLOSING = /\b(?:closing\s+balance|balance\s+ca\w{3,4}d\s+forward|carried\s+forward|new\s+balance|end(?:ing)?\s+balance|balance\s+c\/f)\b/i
/** A line that opens with a date: a row of the transactions table. */
const DATED_ROW = new RegExp(`^\\s*(?:${DATE_SOURCE})\\s`, 'i')
/** Labels of other figures a summary box prints beside a balance ("Opening balance 1,250.00  Money in 2,150.00"). */
const OTHER_FIGURE = /\b(?:money\s+(?:in|out)|paid\s+(?:in|out)|payments?\s+(?:in|out)|total\s+(?:in|out|paid|credits?|debits?|payments?|deposits?|withdrawals?)|credits|debits|deposits|withdrawals)\b/i
/** OCR may read a balance's decimal point as a gap or a comma ("1,942 54", "4,950,99"); the thousands comma marks it as money. */
const OCR_SPACED_AMOUNT = /(?<![\d,.])(\d{1,3}(?:,\d{3})+)[ ,](\d{2})(?![\d,.])/
const AMOUNT = new RegExp(`(?<![\\d,.])${AMOUNT_SOURCE}(?![\\d,])`, 'g')
const HEADER_LINES = 12
/** An addressee line: a title and one to four names ("MR JOHN A SMITH"), as a letter's address block starts. */
const ADDRESSEE = /^(?:mr|mrs|ms|miss|mx|dr)\.?\s+(?:\p{L}[\p{L}'’-]*\.?\s+){0,3}\p{L}[\p{L}'’-]+$/iu

function normalise (text: string): string[] {
  return text.replace(/[\u00a0\u2007\u202f]/g, ' ')
    // OCR reads a gap inside a numeric date ("07/1 0/2026"); no other reading of such a run makes sense.
    .replace(/\b(\d{1,2}[/.]\d) (\d[/.]\d{4})\b/g, '$1$2').replace(/\b(\d) (\d[/.]\d{1,2}[/.]\d{4})\b/g, '$1$2').replace(/\t/g, '  ').split(/\r?\n/).map((line) => line.trimEnd())
}

function cleanName (raw: string): string | null {
  const name = raw.split(NEXT_LABEL)[0]!.split(/\s{2,}/)[0]!.trim().replace(/[\s,;:.]+$/, '')
  return /\p{L}{2}/u.test(name) && name.length <= 80 && !/\d{3}/.test(name) ? name : null
}

function findHolder (lines: string[], field: FieldMaker): Field<string> | null {
  for (const line of lines) {
    const match = HOLDER.exec(line)
    const name = match && cleanName(match[2]!)
    if (name) return field(name, /^name$/i.test(match[1]!) ? 0.9 : 0.97)
  }
  for (const line of lines) {
    const match = HOLDER_INLINE.exec(line)
    const name = match && cleanName(match[1]!)
    if (name) return field(name, 0.95)
  }
  for (const line of lines) {
    const match = HOLDER_COLUMN.exec(line)
    const name = match && cleanName(match[1]!)
    // Checked here: under the i flag, \p{Lu} would match any letter.
    if (name && /^\p{Lu}/u.test(name)) return field(name, 0.93)
  }
  // No label: many statements name the holder only in the address block at the top of the first
  // page. A guess, so below the 0.8 that makes extraction Low: the result asks for a second look.
  for (const line of lines.slice(0, HEADER_LINES)) {
    // OCR may set the text beside the address one space away: it ends at the next label too.
    const first = line.trim().split(/\s{2,}/)[0]!.split(NEXT_LABEL)[0]!
    if (ADDRESSEE.test(first)) return field(first, 0.75)
  }
  return null
}

function findBankName (lines: string[], field: FieldMaker): Field<string> | null {
  for (const line of lines) {
    const match = BANK_LABELLED.exec(line)
    const name = match && cleanName(match[1]!)
    if (name) return field(name, 0.95)
  }
  for (const [index, line] of lines.entries()) {
    const match = BANK_PHRASE.exec(line)
    if (match) return field(match[0].replace(/\s+/g, ' '), index < HEADER_LINES ? 0.95 : 0.75)
  }
  // A statement usually opens with the bank's name (its letterhead).
  const first = lines.find((line) => line.trim() !== '')?.trim()
  if (first && first.length <= 60 && /^[\p{L}&'. -]+$/u.test(first) && !/^(statement|page|account)/i.test(first)) return field(first, 0.5)
  return null
}

function findPeriod (text: string, field: FieldMaker): Field<{ start: string, end: string }> | null {
  for (const [pattern, weight] of [[PERIOD_LABELLED, 0.97], [PERIOD_BARE, 0.75]] as const) {
    const match = pattern.exec(text)
    const start = match && parseDate(match[1]!)
    const end = match && parseDate(match[2]!)
    if (!start || !end) continue
    // 01/03/2026 could be 3 January in another locale: read day first (UK), a little less sure.
    const numeric = /^\d/.test(match![1]!) && !/[a-z]/i.test(match![1]!) && !/^\d{4}/.test(match![1]!)
    return field({ start, end }, weight * (numeric ? 0.97 : 1) * (start <= end ? 1 : 0.5))
  }
  return null
}

function findCurrency (text: string, field: FieldMaker): Field<string> | null {
  const labelled = CURRENCY_LABELLED.exec(text)
  if (labelled && isCurrencyCode(labelled[1]!.toUpperCase())) return field(labelled[1]!.toUpperCase(), 0.98)
  const mentioned = currencyMentioned(text)
  if (mentioned) return field(mentioned.code, mentioned.bySymbol ? 0.85 : 0.9)
  if (/\bsterling\b/i.test(text)) return field('GBP', 0.8)
  return null
}

/**
 * The balance printed after its label (the rightmost amount on the line, the balance column, up to
 * the other balance's label when both share the line), or alone on the next line.
 */
function balanceAt (lines: string[], index: number, label: RegExp, field: FieldMaker): Field<string> | null {
  const line = lines[index]!
  const found = label.exec(line)!
  const rest = line.slice(found.index + found[0].length)
  const other = label === OPENING ? CLOSING : OPENING
  const end = Math.min(other.exec(rest)?.index ?? rest.length, OTHER_FIGURE.exec(rest)?.index ?? rest.length)
  const after = rest.slice(0, end)
  const amount = [...after.matchAll(AMOUNT)].at(-1)?.[0]
  const value = amount && parseAmount(amount)
  if (value) return field(value, 0.97)
  const spaced = OCR_SPACED_AMOUNT.exec(after)
  if (spaced) return field(`${spaced[1]!.replace(/,/g, '')}.${spaced[2]}`, 0.9)
  const next = lines[index + 1]?.trim() ?? ''
  const alone = parseAmount(next)
  return alone ? field(alone, 0.85) : null
}

function findBalance (lines: string[], label: RegExp, which: 'first' | 'last', field: FieldMaker): Field<string> | null {
  const indexes = lines.flatMap((line, i) => label.test(line) ? [i] : [])
  if (which === 'last') indexes.reverse()
  // The opening balance of the transactions table (a dated row) before a summary box's: a box's borders and
  // neighbouring figures are what OCR garbles.
  else indexes.sort((a, b) => Number(!DATED_ROW.test(lines[a]!)) - Number(!DATED_ROW.test(lines[b]!)))
  for (const i of indexes) {
    const found = balanceAt(lines, i, label, field)
    if (found) return found
  }
  return null
}

/**
 * Reads a bank statement's fields from its text (a PDF's text layer or OCR output: columns may be
 * two spaces or one apart). baseConfidence is how much the text itself can be trusted: about
 * 0.99 for a text layer, tesseract's confidence for OCR. Fields not found are null.
 */
export function parseStatementText (text: string, baseConfidence: number): StatementFields {
  const field: FieldMaker = (value, weight) => ({ value, confidence: Math.round(Math.min(1, Math.max(0, baseConfidence * weight)) * 100) / 100 })
  const lines = normalise(text)
  const flat = lines.join('\n')
  return {
    accountHolderName: findHolder(lines, field),
    bankName: findBankName(lines, field),
    ...findAccountDetails(flat, field),
    statementPeriod: findPeriod(flat, field),
    currency: findCurrency(flat, field),
    openingBalance: findBalance(lines, OPENING, 'first', field),
    closingBalance: findBalance(lines, CLOSING, 'last', field),
  }
}
