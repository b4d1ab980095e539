import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { checkModulus } from '../../bav/index.ts'
import type { Field } from './extraction-types.ts'

// Sort code, account number, IBAN and BIC: the fields a bank account is made from.

export type FieldMaker = <T>(value: T, weight: number) => Field<T>

/** OCR reads 0 as O and 1 as l, I or |; inside a run of digits they can only be digits. */
const LOOKALIKES = '0-9OolI|'
const toDigits = (text: string) => text.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1')
/** A reading that needed lookalikes fixed is less sure. */
const FIXED_WEIGHT = 0.85

const SORT_CODE = new RegExp(`\\bsort[\\s-]?code\\b\\s*(?:no\\.?|number)?\\s*[:.]?\\s*([${LOOKALIKES}]{2})\\s?[-–.\\s]?\\s?([${LOOKALIKES}]{2})\\s?[-–.\\s]?\\s?([${LOOKALIKES}]{2})(?![A-Za-z0-9])`, 'i')
const BARE_SORT_CODE = /(?<![\d-])(\d{2})-(\d{2})-(\d{2})(?![\d-])/g
// OCR may put a speck or two between the label and the number ("Account number ~~ 79410864").
const ACCOUNT_LABEL = '\\b(?:account\\s*(?:num\\s?ber|no\\.?|num\\.?)|a\\/c\\s*(?:number|no\\.?)?|acc(?:oun)?t\\.?\\s*no\\.?)\\s*[:.]?\\s*(?:[~_\'"‘’`—–-]{1,3}\\s*)?'
const ACCOUNT_NUMBER = new RegExp(`${ACCOUNT_LABEL}([${LOOKALIKES}]{6,10})(?![A-Za-z0-9])`, 'i')
/** Printed in groups ("6637 4958") or split by OCR ("969647 12"): groups of digits one space apart. */
const SPACED_ACCOUNT_NUMBER = new RegExp(`${ACCOUNT_LABEL}(\\d+(?: \\d+){1,3})`, 'i')
const IBAN_LABELLED = /\bIBAN\b\s*(?:number|no\.?)?\s*[:.]?\s*([A-Z]{2}[0-9OoIl]{2}(?:\s?[A-Za-z0-9|]){11,40})/i
const IBAN_BARE = /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]){11,40})/g
const BIC = /\b(?:BIC|SWIFT)(?:\s*\/\s*(?:BIC|SWIFT))?(?:\s*code)?\s*[:.]?\s*([A-Za-z0-9]{8,11})(?![A-Za-z0-9])/i

export interface AccountDetails {
  sortCode: Field<string> | null
  accountNumber: Field<string> | null
  iban: Field<string> | null
  bic: Field<string> | null
}

function findSortCode (text: string, field: FieldMaker): Field<string> | null {
  const labelled = SORT_CODE.exec(text)
  if (labelled) {
    const raw = labelled.slice(1, 4).join('')
    const digits = toDigits(raw)
    return field(digits, digits === raw ? 0.99 : 0.99 * FIXED_WEIGHT)
  }
  for (const [, a, b, c] of text.matchAll(BARE_SORT_CODE)) {
    // 01-03-26 is more likely a date than a sort code
    if (Number(b) >= 1 && Number(b) <= 12 && Number(a) >= 1 && Number(a) <= 31) continue
    return field(`${a}${b}${c}`, 0.6)
  }
  return null
}

/** The first groups that make eight digits exactly, when the first alone is shorter: what follows them is another field. */
function joinedGroups (text: string): string | null {
  const groups = SPACED_ACCOUNT_NUMBER.exec(text)?.[1]?.split(' ') ?? []
  let joined = ''
  for (const group of groups) {
    if (joined.length + group.length > 8) break
    joined += group
  }
  return groups[0] !== undefined && groups[0].length < 8 && joined.length === 8 ? joined : null
}

function findAccountNumber (text: string, field: FieldMaker): Field<string> | null {
  const joined = joinedGroups(text)
  if (joined !== null) return field(joined, 0.95)
  const match = ACCOUNT_NUMBER.exec(text)
  if (!match) return null
  const raw = match[1]!
  const digits = toDigits(raw)
  const fixed = digits === raw ? 1 : FIXED_WEIGHT
  if (digits.length === 8) return field(digits, 0.99 * fixed)
  // UK practice (VocaLink's modulus spec): a seven-digit account number takes a leading zero.
  if (digits.length === 7) return field(`0${digits}`, 0.9 * fixed)
  // Six, nine or ten digits need bank-specific rules to become eight: kept as printed, not trusted.
  return field(digits, 0.5 * fixed)
}

/** The longest prefix of `candidate` (spaces removed) that is a valid IBAN; else the country's length, unverified. */
function ibanFrom (candidate: string): { iban: string, valid: boolean } | null {
  const compact = candidate.replace(/[\s|]/g, '').toUpperCase()
  const spec = countrySpecs[compact.slice(0, 2)]
  if (!spec?.chars) return null
  for (let length = Math.min(compact.length, 34); length >= 15; length--) {
    const prefix = compact.slice(0, length)
    if (isValidIBAN(prefix)) return { iban: prefix, valid: true }
  }
  if (compact.length < spec.chars) return null
  // A GB IBAN is letters (bank) then 14 digits: OCR lookalikes there can be fixed.
  const raw = compact.slice(0, spec.chars)
  const fixed = raw.startsWith('GB') ? `GB${toDigits(raw.slice(2, 4))}${raw.slice(4, 8)}${toDigits(raw.slice(8))}` : raw
  return { iban: fixed, valid: isValidIBAN(fixed) }
}

function findIban (text: string, field: FieldMaker): Field<string> | null {
  const labelled = IBAN_LABELLED.exec(text)
  const found = labelled && ibanFrom(labelled[1]!)
  if (found) return field(electronicFormatIBAN(found.iban) ?? found.iban, found.valid ? 0.99 : 0.3)
  for (const [, candidate] of text.matchAll(IBAN_BARE)) {
    const bare = ibanFrom(candidate!)
    if (bare?.valid) return field(bare.iban, 0.9)
  }
  return null
}

function findBic (text: string, field: FieldMaker): Field<string> | null {
  const match = BIC.exec(text)
  if (!match) return null
  const bic = match[1]!.toUpperCase()
  return field(bic, isValidBIC(bic) ? 0.97 : 0.3)
}

const scaled = <T>(f: Field<T> | null, weight: number): Field<T> | null =>
  f && { value: f.value, confidence: Math.round(f.confidence * weight * 100) / 100 }

/**
 * Reads the account's identifiers. A GB IBAN supplies the sort code and account number the
 * statement does not print separately, and lowers every confidence when it disagrees with them;
 * a pair that fails the modulus check is kept but marked unlikely.
 */
export function findAccountDetails (text: string, field: FieldMaker): AccountDetails {
  let sortCode = findSortCode(text, field)
  let accountNumber = findAccountNumber(text, field)
  let iban = findIban(text, field)
  const bic = findBic(text, field)

  if (iban && iban.value.startsWith('GB') && iban.value.length === 22 && iban.confidence >= 0.5) {
    const fromIban = { sortCode: iban.value.slice(8, 14), accountNumber: iban.value.slice(14) }
    const disagrees = (sortCode && sortCode.value !== fromIban.sortCode) || (accountNumber && accountNumber.value !== fromIban.accountNumber)
    sortCode ??= { value: fromIban.sortCode, confidence: Math.round(iban.confidence * 97) / 100 }
    accountNumber ??= { value: fromIban.accountNumber, confidence: Math.round(iban.confidence * 97) / 100 }
    if (disagrees) {
      sortCode = scaled(sortCode, 0.5)
      accountNumber = scaled(accountNumber, 0.5)
      iban = scaled(iban, 0.5)
    }
  }
  if (sortCode && accountNumber && /^\d{6}$/.test(sortCode.value) && /^\d{8}$/.test(accountNumber.value) &&
    checkModulus(sortCode.value, accountNumber.value).result === 'fail') {
    sortCode = scaled(sortCode, 0.3)
    accountNumber = scaled(accountNumber, 0.3)
  }
  return { sortCode, accountNumber, iban, bic }
}
