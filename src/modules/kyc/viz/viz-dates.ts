/** A date as printed: the year has 2 digits on some documents ("12 AOÛT/AUG 74"). */
export interface PrintedDate { year: number, month: number, day: number, yearDigits: 2 | 4 }

// Month abbreviations of the languages documents print beside English, folded to A-Z.
const MONTHS: Record<string, number> = {}
const NAMES = [
  ['JAN', 'JANV', 'JANVIER', 'JANUARY', 'ENE', 'ENERO', 'GEN', 'GENN', 'JANUAR', 'JANNER', 'STY', 'TAM'],
  ['FEB', 'FEV', 'FEVR', 'FEVRIER', 'FEBRUARY', 'FEBRERO', 'FEBBRAIO', 'FEBRUAR', 'FEBR', 'LUT', 'HEL'],
  ['MAR', 'MARS', 'MARCH', 'MARZO', 'MAERZ', 'MARZ', 'MRT', 'MAA', 'MAAR', 'MARCO', 'MAALIS'],
  ['APR', 'AVR', 'AVRIL', 'APRIL', 'ABR', 'ABRIL', 'APRILE', 'KWI', 'HUH'],
  ['MAY', 'MAI', 'MAYO', 'MAG', 'MAGGIO', 'MEI', 'MAJ', 'MAIO', 'TOU'],
  ['JUN', 'JUIN', 'JUNE', 'JUNIO', 'GIU', 'GIUGNO', 'JUNI', 'CZE', 'JUNHO', 'KES'],
  ['JUL', 'JUIL', 'JUILLET', 'JULY', 'JULIO', 'LUG', 'LUGLIO', 'JULI', 'LIP', 'JULHO', 'HEI'],
  ['AUG', 'AOUT', 'AUGUST', 'AGO', 'AGOSTO', 'AUGUSTUS', 'SIE', 'ELO'],
  ['SEP', 'SEPT', 'SEPTEMBRE', 'SEPTEMBER', 'SEPTIEMBRE', 'SET', 'SETT', 'SETTEMBRE', 'SETEMBRO', 'WRZ', 'SYY'],
  ['OCT', 'OCTOBRE', 'OCTOBER', 'OCTUBRE', 'OTT', 'OTTOBRE', 'OKT', 'OKTOBER', 'OUT', 'OUTUBRO', 'PAZ', 'LOK'],
  ['NOV', 'NOVEMBRE', 'NOVEMBER', 'NOVIEMBRE', 'NOVEMBRO', 'LIS', 'MARRAS'],
  ['DEC', 'DECEMBRE', 'DECEMBER', 'DICIEMBRE', 'DIC', 'DICEMBRE', 'DEZ', 'DEZEMBER', 'DEZEMBRO', 'GRU', 'JOU'],
]
NAMES.forEach((names, i) => { for (const name of names) MONTHS[name] ??= i + 1 })

/** A month by name; two languages' names of one month with the slash between read as a letter ("DECIDEC", "FEB|FEV") are that month. */
function monthOf (token: string): number | undefined {
  if (MONTHS[token] !== undefined) return MONTHS[token]
  for (let at = 3; at < token.length - 3; at++) {
    if (!'I1L|'.includes(token[at]!)) continue
    const [first, second] = [MONTHS[token.slice(0, at)], MONTHS[token.slice(at + 1)]]
    if (first !== undefined && first === second) return first
  }
  return undefined
}

/** Letters OCR gives for digits inside a number. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', Z: '2', S: '5', B: '8', G: '6', T: '7' }

const asDigits = (token: string) => token.replace(/[OQDILZSBGT|]/g, (ch) => DIGIT_LOOKALIKES[ch]!)

function dateOf (day: number, month: number, yearText: string): PrintedDate | null {
  const year = Number(yearText)
  if (!(day >= 1 && day <= 31 && month >= 1 && month <= 12)) return null
  if (yearText.length === 4 && (year < 1880 || year > 2199)) return null
  return { year, month, day, yearDigits: yearText.length === 4 ? 4 : 2 }
}

/**
 * The date in a printed value: "12 AUG 1974", "12 AOÛT/AUG 74", "12 08 1974", "12.08.1974",
 * "12/08/74", "1974-08-12". Null when it holds none.
 */
export function parsePrintedDate (value: string): PrintedDate | null {
  const text = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
  const tokens = text.split(/[^A-Z0-9|]+/).filter(Boolean)
  // Day, month by name (perhaps twice, in two languages), year.
  for (let i = 0; i < tokens.length; i++) {
    const monthAt = tokens.findIndex((t, j) => j > i && monthOf(t) !== undefined)
    if (monthAt !== i + 1) continue
    let yearAt = monthAt + 1
    while (yearAt < tokens.length && monthOf(tokens[yearAt]!) !== undefined) yearAt++
    const day = asDigits(tokens[i]!)
    const year = asDigits(tokens[yearAt] ?? '')
    if (/^\d{1,2}$/.test(day) && /^(\d{2}|\d{4})$/.test(year)) {
      const date = dateOf(Number(day), monthOf(tokens[monthAt]!)!, year)
      if (date) return date
    }
  }
  // Numbers alone: day month year, or ISO's year month day.
  const digits = tokens.map(asDigits).filter((t) => /^\d+$/.test(t))
  for (let i = 0; i + 2 < digits.length + 0; i++) {
    const [a, b, c] = [digits[i]!, digits[i + 1]!, digits[i + 2]!]
    if (a.length === 4 && b.length <= 2 && c.length <= 2) {
      const date = dateOf(Number(c), Number(b), a)
      if (date) return date
    }
    if (a.length <= 2 && b.length <= 2 && (c.length === 2 || c.length === 4)) {
      const date = dateOf(Number(a), Number(b), c)
      if (date) return date
    }
  }
  // Run together: DDMMYYYY.
  const joined = digits.find((t) => t.length === 8)
  if (joined) return dateOf(Number(joined.slice(0, 2)), Number(joined.slice(2, 4)), joined.slice(4))
  return null
}

/** The printed date as YYYY-MM-DD; a two-digit year takes the century of `near` (the MRZ's reading of it) when the two agree. */
export function isoOfPrinted (date: PrintedDate, near: string | null): string {
  let year = date.year
  if (date.yearDigits === 2) {
    const nearYear = near === null ? 2000 + date.year : Number(near.slice(0, 4))
    const century = Math.floor(nearYear / 100) * 100
    const candidates = [century - 100, century, century + 100].map((c) => c + date.year)
    year = candidates.reduce((best, y) => Math.abs(y - nearYear) < Math.abs(best - nearYear) ? y : best)
  }
  return `${String(year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}
