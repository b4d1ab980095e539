import { parse } from 'mrz'
import type { ParseResult } from 'mrz'
import { NAME_FIELD } from './mrz-layout.ts'
import type { MrzFormat } from './mrz-layout.ts'

export interface MrzFields {
  documentCode: string
  issuingState: string
  surname: string
  givenNames: string
  documentNumber: string
  nationality: string
  birthDate: string | null
  sex: 'male' | 'female' | 'unspecified'
  expirationDate: string | null
  personalNumber: string | null
}

export interface ParsedMrz {
  format: MrzFormat
  lines: string[]
  valid: boolean
  failedCheckDigits: string[]
  fields: MrzFields
}

const strip = (raw: string) => raw.replace(/</g, ' ').trim().replace(/\s+/g, ' ')

/** YYMMDD as YYYY-MM-DD in the century given, or null when it is no calendar date. */
function isoDate (yymmdd: string, century: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const year = century + Number(yymmdd.slice(0, 2))
  const month = Number(yymmdd.slice(2, 4))
  const day = Number(yymmdd.slice(4, 6))
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/** A birth date is never in the future: 20YY unless that is after `now`. */
export function birthDateOf (yymmdd: string, now: Date): string | null {
  const recent = isoDate(yymmdd, 2000)
  return recent !== null && recent <= now.toISOString().slice(0, 10) ? recent : isoDate(yymmdd, 1900)
}

/** Documents last at most a few decades: 20YY unless that is more than 50 years ahead. */
export function expirationDateOf (yymmdd: string, now: Date): string | null {
  const date = isoDate(yymmdd, 2000)
  const limit = `${now.getUTCFullYear() + 50}${now.toISOString().slice(4, 10)}`
  return date !== null && date > limit ? isoDate(yymmdd, 1900) : date
}

function personalNumberOf (format: MrzFormat, lines: string[]): string | null {
  const compact = (raw: string) => raw.replace(/</g, '') || null
  if (format === 'TD3') return compact(lines[1]!.slice(28, 42))
  if (format === 'TD2') return compact(lines[1]!.slice(28, 35))
  // TD1: when the document number overflows (a '<' as its check digit), optional data 1 holds the rest of it.
  const optional1 = lines[0]![14] === '<' ? '' : lines[0]!.slice(15, 30)
  return compact(optional1) ?? compact(lines[1]!.slice(18, 29))
}

function fieldsOf (format: MrzFormat, lines: string[], result: ParseResult, now: Date): MrzFields {
  const [nameLine, nameStart, nameEnd] = NAME_FIELD[format]
  const name = lines[nameLine]!.slice(nameStart, nameEnd)
  const split = name.indexOf('<<')
  const data = format === 'TD1' ? lines[1]! : lines[1]!.slice(13)
  const numberLine = lines[format === 'TD1' ? 0 : 1]!
  const numberRaw = format === 'TD1' ? numberLine.slice(5, 14) : numberLine.slice(0, 9)
  return {
    documentCode: strip(lines[0]!.slice(0, 2)),
    issuingState: strip(lines[0]!.slice(2, 5)),
    surname: strip(split < 0 ? name : name.slice(0, split)),
    givenNames: split < 0 ? '' : strip(name.slice(split + 2)),
    documentNumber: result.fields.documentNumber ?? strip(numberRaw).replace(/ /g, ''),
    nationality: strip(format === 'TD1' ? lines[1]!.slice(15, 18) : lines[1]!.slice(10, 13)),
    birthDate: birthDateOf(data.slice(0, 6), now),
    sex: data[7] === 'M' ? 'male' : data[7] === 'F' ? 'female' : 'unspecified',
    expirationDate: expirationDateOf(data.slice(8, 14), now),
    personalNumber: personalNumberOf(format, lines),
  }
}

/** The lines parsed by the mrz library, with its verdict on every check digit, and the fields. */
export function parseMrzLines (lines: string[], now: Date): ParsedMrz | null {
  let result: ParseResult
  try {
    result = parse(lines)
  } catch {
    return null
  }
  if (result.format !== 'TD1' && result.format !== 'TD2' && result.format !== 'TD3') return null
  const failedCheckDigits = result.details
    .filter((detail) => detail.field?.endsWith('CheckDigit') && !detail.valid)
    .map((detail) => detail.field === 'compositeCheckDigit' ? detail.field : detail.field!.replace(/CheckDigit$/, ''))
  return { format: result.format, lines, valid: result.valid, failedCheckDigits, fields: fieldsOf(result.format, lines, result, now) }
}
