import type { RiskSignal } from '../analysis/analysis-types.ts'
import { pieceAt, type TextLine } from './page-text.ts'
import { rowKind } from './statement-rows.ts'
import { findAmounts } from './text-amounts.ts'
import { findDates } from './text-dates.ts'

interface Figure { text: string, font: string, isInItsLinesFont: boolean, isTransaction: boolean }

const MIN_FIGURES = 5
// An editor that cannot match the bank's font leaves one or two figures in another; a whole column in bold
// (balances, say) is a design, and stays under this share.
const MAJORITY_SHARE = 0.8
// A forger who retypes a figure must retype the balances after it and the totals of a summary box too, which can
// pass a fifth of a short statement's figures; up to this share, figures in a font no word on the page uses are odd.
const WORDLESS_SHARE = 0.35

/** Figures drawn in a font most figures on the same page do not use. */
export function inconsistentFontSignals (lines: readonly TextLine[]): RiskSignal[] {
  const pages = Map.groupBy(lines, (line) => line.page)
  return [...pages].flatMap(([page, pageLines]) => pageSignals(page, pageLines))
}

function pageSignals (page: number, lines: readonly TextLine[]): RiskSignal[] {
  const figures = lines.filter(isTableRow).flatMap(figuresOf)
  if (figures.length < MIN_FIGURES) return []
  const byFont = [...Map.groupBy(figures, (figure) => figure.font)].sort(([, a], [, b]) => b.length - a.length)
  const [majority, ...others] = byFont
  if (majority === undefined) return []
  const wordFonts = new Set(lines.flatMap((line) => line.pieces.filter((piece) => /\p{L}{2}/u.test(piece.text)).map((piece) => piece.font)))
  const isOddFont = (font: string, count: number) => majority[1].length >= MAJORITY_SHARE * figures.length || (count <= WORDLESS_SHARE * figures.length && !wordFonts.has(font))
  return others.flatMap(([font, inFont]) => {
    if (!isOddFont(font, inFont.length)) return []
    // A bold "Closing balance" line, words and figure alike, is emphasis; a figure unlike its own words is not.
    const odd = inFont.filter((figure) => figure.isTransaction || !figure.isInItsLinesFont)
    if (odd.length === 0) return []
    return [{
      code: 'inconsistent_font',
      severity: 'high' as const,
      message: `On page ${page}, ${odd.length === 1 ? 'the figure' : 'the figures'} ${list(odd.map((figure) => figure.text))} ${odd.length === 1 ? 'is' : 'are'} drawn in ${font}, while the other ${figures.length - inFont.length} figures on the page are in ${majority[0]}.`,
    }]
  })
}

// Lines of a transaction table: dated, or with a movement and a balance, or an opening, closing or total line.
// Prose with a figure (an overdraft limit in the small print) is often in another font and is left out.
function isTableRow (line: TextLine): boolean {
  return rowKind(line) !== 'transaction' || findDates(line.text).length > 0 || findAmounts(line.text).length > 1
}

function figuresOf (line: TextLine): Figure[] {
  const amounts = findAmounts(line.text)
  const wordFonts = new Set(line.pieces.filter((piece) => findAmounts(piece.text).length === 0).map((piece) => piece.font))
  return amounts.map((amount) => {
    const font = pieceAt(line, amount.start)?.font ?? ''
    return { text: amount.text, font, isInItsLinesFont: wordFonts.has(font), isTransaction: rowKind(line) === 'transaction' }
  })
}

function list (texts: readonly string[]): string {
  if (texts.length > 3) return `${texts.slice(0, 3).join(', ')} and ${texts.length - 3} more`
  return texts.length === 1 ? texts[0] ?? '' : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`
}
