import type { MrzFields, ParsedMrz } from './mrz-fields.ts'
import { LAYOUTS, NAME_FIELD } from './mrz-layout.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'

/** The fields no check digit covers: a misread there passes unseen. */
export type UncheckedField = Extract<keyof MrzFields, 'documentCode' | 'issuingState' | 'surname' | 'givenNames' | 'nationality' | 'sex'>

// A letter whose best rival letter matched this nearly is a guess: after fine alignment a blurred
// letter still beats its rival by more, and two letters this close are what a photo's blur leaves.
export const UNSURE_MARGIN = 0.05

// A digit in a letters-only position is read as the letter it looks like (mrz-corrections.ts).
const AS_LETTER: Record<string, string> = { 0: 'O', 1: 'I', 2: 'Z', 4: 'A', 5: 'S', 6: 'G', 8: 'B' }

/** [line, start, end) of each unchecked field other than the names, by format. */
const CODES: Record<ParsedMrz['format'], [UncheckedField, number, number, number][]> = {
  TD1: [['documentCode', 0, 0, 2], ['issuingState', 0, 2, 5], ['sex', 1, 7, 8], ['nationality', 1, 15, 18]],
  TD2: [['documentCode', 0, 0, 2], ['issuingState', 0, 2, 5], ['sex', 1, 20, 21], ['nationality', 1, 10, 13]],
  TD3: [['documentCode', 0, 0, 2], ['issuingState', 0, 2, 5], ['sex', 1, 20, 21], ['nationality', 1, 10, 13]],
}

/** How far the character the reading holds beat the best other character the glyph matcher saw there (negative: it did not). */
function margin (symbol: GlyphReading['symbols'][number], chosen: string, lettersOnly: boolean): number {
  const ranked = symbol.ranked ?? [{ text: symbol.text, confidence: symbol.confidence }, { text: symbol.second, confidence: symbol.secondConfidence }]
  const as = (text: string) => lettersOnly ? AS_LETTER[text] ?? text : text
  const own = ranked.find((match) => as(match.text) === chosen)
  const rival = ranked.find((match) => as(match.text) !== chosen)
  if (!own) return -1
  return own.confidence - (rival?.confidence ?? 0)
}

/**
 * The fields without a check digit where the reading holds a character the glyph matcher could
 * barely tell from another (an O from a D in a blurred name): a guess the check digits cannot
 * confirm, so what is compared with the case there should be taken as unsure.
 */
export function unsureFields (reading: ParsedMrz, glyphs: GlyphReading[]): UncheckedField[] {
  if (glyphs.length !== reading.lines.length || glyphs.some((line, row) => line.symbols.length !== reading.lines[row]!.length)) return []
  const unsure = new Set<UncheckedField>()
  const doubtful = (row: number, col: number) => {
    const lettersOnly = LAYOUTS[reading.format][row]![col] === 'a'
    return margin(glyphs[row]!.symbols[col]!, reading.lines[row]![col]!, lettersOnly) < UNSURE_MARGIN
  }
  const [nameLine, nameStart, nameEnd] = NAME_FIELD[reading.format]
  const name = reading.lines[nameLine]!
  const split = name.indexOf('<<', nameStart)
  for (let col = nameStart; col < nameEnd; col++) {
    // The '<<' between the names belongs to both: a doubt there moves the boundary.
    if (!doubtful(nameLine, col)) continue
    if (split < 0 || col <= split + 1) unsure.add('surname')
    if (split < 0 || col >= split) unsure.add('givenNames')
  }
  for (const [field, row, start, end] of CODES[reading.format]) {
    for (let col = start; col < end; col++) if (doubtful(row, col)) unsure.add(field)
  }
  return [...unsure]
}
