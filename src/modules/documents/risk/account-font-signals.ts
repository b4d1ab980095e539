import type { RiskSignal } from '../analysis/analysis-types.ts'
import { pieceAt, type TextLine, type TextPiece } from './page-text.ts'

// A labelled sort code or account number: what a forger swaps to have someone else's account taken for the holder's.
const IDENTIFIER = /\b(sort\s*code|account\s*(?:number|no\.?)|a\/c\s*(?:number|no\.?)?)\s*:?\s*(\d{2}[- ]?\d{2}[- ]?\d{2}|\d{7,8})(?!\d)/gi
const WORDS = /\p{L}{2}/u

interface Identifier { label: string, digits: string, piece: TextPiece }

/**
 * A sort code or account number drawn in a font that no other text on its page uses: an editor that cannot
 * match the bank's font retypes the number in another. Figures in a transaction table are judged by
 * font-signals.ts; these sit in a header (a compact one-line header above all), where no majority of figures exists.
 */
export function accountFontSignals (lines: readonly TextLine[]): RiskSignal[] {
  const pages = Map.groupBy(lines, (line) => line.page)
  return [...pages].flatMap(([page, pageLines]) => pageSignals(page, pageLines))
}

function pageSignals (page: number, lines: readonly TextLine[]): RiskSignal[] {
  const identifiers = lines.flatMap(identifiersOf)
  if (identifiers.length === 0) return []
  const pieces = new Set(identifiers.map((identifier) => identifier.piece))
  const usedElsewhere = new Set<string>()
  for (const line of lines) {
    for (const piece of line.pieces) {
      // A piece holding the number and its label (or other words) shows its font used for more than the number.
      const rest = pieces.has(piece) ? identifiers.filter((i) => i.piece === piece).reduce((text, i) => text.replace(i.digits, ''), piece.text) : piece.text
      if (WORDS.test(rest) || (!pieces.has(piece) && /\d/.test(rest))) usedElsewhere.add(piece.font)
    }
  }
  const odd = identifiers.filter((identifier) => !usedElsewhere.has(identifier.piece.font))
  return [...Map.groupBy(odd, (identifier) => identifier.piece.font)].map(([font, inFont]) => ({
    code: 'inconsistent_font',
    severity: 'high' as const,
    message: `On page ${page}, ${inFont.map((i) => `the ${describe(i.label)} ${i.digits}`).join(' and ')} ${inFont.length === 1 ? 'is' : 'are'} drawn in ${font}, a font no other text on the page uses.`,
  }))
}

function identifiersOf (line: TextLine): Identifier[] {
  return [...line.text.matchAll(IDENTIFIER)].flatMap((match) => {
    const digits = match[2]!
    const piece = pieceAt(line, match.index + match[0].length - digits.length)
    return piece !== undefined && piece.text.includes(digits) ? [{ label: match[1]!, digits, piece }] : []
  })
}

function describe (label: string): string {
  return /sort/i.test(label) ? 'sort code' : 'account number'
}
