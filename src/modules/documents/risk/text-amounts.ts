/** A money figure found in a line of text, in pence so that sums are exact. */
export interface AmountToken {
  text: string
  start: number
  end: number
  pence: number
  /** 'debit' for a leading minus, a trailing minus or DR; 'credit' for CR; otherwise unknown. */
  sign: 'debit' | 'credit' | undefined
}

// Two decimals are required, so sort codes, account numbers, dates (01.03.2026) and rates (1.2534) are not money.
const AMOUNT = /(?<![\w.,£$€-])(?<minus>[-−]\s?)?(?:[£$€]\s?)?(?<minus2>[-−]\s?)?(?<units>\d{1,3}(?:,\d{3})+|\d+)\.(?<cents>\d{2})(?![\d]|[.,]\d)(?:\s?(?<suffix>CR|DR|Cr|Dr)\b|(?<trailing>-)(?![\d]))?/g

export function findAmounts (text: string): AmountToken[] {
  const tokens: AmountToken[] = []
  for (const match of text.matchAll(AMOUNT)) {
    const groups = match.groups ?? {}
    const pence = Number((groups.units ?? '0').replaceAll(',', '')) * 100 + Number(groups.cents)
    const suffix = groups.suffix?.toUpperCase()
    const isDebit = groups.minus !== undefined || groups.minus2 !== undefined || groups.trailing !== undefined || suffix === 'DR'
    const sign = isDebit ? 'debit' : suffix === 'CR' ? 'credit' : undefined
    tokens.push({ text: match[0].trim(), start: match.index, end: match.index + match[0].length, pence, sign })
  }
  return tokens
}

/** Pence as a statement prints them: 320480 → "3,204.80", −4520 → "-45.20". */
export function formatPence (pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const absolute = Math.abs(pence)
  const units = Math.floor(absolute / 100).toLocaleString('en-GB')
  return `${sign}${units}.${String(absolute % 100).padStart(2, '0')}`
}
