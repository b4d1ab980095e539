// Dates, amounts and currencies as statements print them (UK first: day before month).

const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)'
const MONTH_NUMBERS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 }

/** The date shapes a statement uses, as one regex source (no capture groups of its own meaning). */
export const DATE_SOURCE = [
  `\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+\\d{4}`,
  `${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
  '\\d{4}-\\d{2}-\\d{2}',
  '\\d{1,2}[/.-]\\d{1,2}[/.-](?:\\d{4}|\\d{2})',
].map((source) => `(?:${source})`).join('|').replace(/\((?!\?)/g, '(?:')

function isoDate (year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

const monthNumber = (name: string) => MONTH_NUMBERS[name.slice(0, 3).toLowerCase()] ?? 0

/** "01 March 2026", "1st Mar 2026", "March 1, 2026", "01/03/2026" (day first), "01-03-26", "2026-03-01" → ISO; null when not a real date. */
export function parseDate (text: string): string | null {
  const t = text.trim()
  let m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(\\d{4})$`, 'i').exec(t)
  if (m) return isoDate(Number(m[3]), monthNumber(m[2]!), Number(m[1]))
  m = new RegExp(`^${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, 'i').exec(t)
  if (m) return isoDate(Number(m[3]), monthNumber(m[1]!), Number(m[2]))
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t)
  if (m) return isoDate(m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]), Number(m[2]), Number(m[1]))
  return null
}

/** A money amount with two decimals, optionally signed, in brackets, with a symbol or a CR/DR mark. */
// OCR reads a thousands comma as a full stop ("1.354.24"): only before the decimal point can it be one.
export const AMOUNT_SOURCE = '[-−(]?\\s?[£€$]?\\s?(?:\\d{1,3}(?:,\\d{3})+|\\d{1,3}(?:\\.\\d{3})+(?=\\.\\d{2})|\\d+)\\.\\d{2}\\)?(?:\\s?(?:CR|DR|OD)\\b)?'

/** "£1,250.00" → "1250.00"; "(12.50)", "-12.50", "12.50 DR" → "-12.50"; null when not an amount. */
export function parseAmount (text: string): string | null {
  const t = text.trim()
  const m = /^([-−(])?\s?[£€$]?\s?(\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+(?=\.\d{2})|\d+)\.(\d{2})(\))?(?:\s?(CR|DR|OD))?$/i.exec(t)
  if (!m) return null
  const negative = m[1] !== undefined || /^(DR|OD)$/i.test(m[5] ?? '')
  const whole = m[2]!.replace(/[,.]/g, '').replace(/^0+(?=\d)/, '')
  return `${negative ? '-' : ''}${whole}.${m[3]}`
}

const SYMBOLS: Record<string, string> = { '£': 'GBP', '€': 'EUR', $: 'USD' }
/** Codes worth believing without a "Currency:" label (the full ISO list holds words like ALL). */
const COMMON_CODES = ['GBP', 'EUR', 'USD', 'CHF', 'CAD', 'AUD', 'NZD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'ZAR', 'INR', 'HKD', 'SGD', 'AED']

export const isCurrencyCode = (code: string): boolean => Intl.supportedValuesOf('currency').includes(code)

/** The most frequent common ISO code in the text, else the most frequent symbol; null when neither. */
export function currencyMentioned (text: string): { code: string, bySymbol: boolean } | null {
  const count = (matches: Iterable<RegExpMatchArray>, toCode: (m: string) => string) => {
    const counts = new Map<string, number>()
    for (const [m] of matches) counts.set(toCode(m), (counts.get(toCode(m)) ?? 0) + 1)
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
  }
  const code = count(text.matchAll(new RegExp(`\\b(?:${COMMON_CODES.join('|')})\\b`, 'g')), (m) => m)
  if (code) return { code, bySymbol: false }
  const symbol = count(text.matchAll(/[£€$]/g), (m) => SYMBOLS[m]!)
  return symbol ? { code: symbol, bySymbol: true } : null
}
