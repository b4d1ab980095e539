import { LAYOUTS, LEFT_ALIGNED_FIELDS, LINE_LENGTH, NAME_FIELD, UNCHECKED_LINES } from './mrz-layout.ts'
import type { MrzFormat } from './mrz-layout.ts'

// OCR's usual confusions in OCR-B, resolved where the position allows only one kind of character.
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', A: '4', S: '5', G: '6', B: '8' }
const TO_LETTER: Record<string, string> = { 0: 'O', 1: 'I', 2: 'Z', 4: 'A', 5: 'S', 6: 'G', 8: 'B' }

// Look-alikes in the sample font: tesseract reads one glyph as both (0O), since it merges a label repeated without a gap.
const LOOK_ALIKE: Record<string, string> = { 0: 'O', O: '0', 1: 'I', I: '1', 8: 'B', B: '8', 5: 'S', S: '5', 2: 'Z', Z: '2' }
const lookAlikes = (a: string | undefined, b: string | undefined) => a !== undefined && LOOK_ALIKE[a] === b

/** OCR text as MRZ characters: upper case, spaces and anything outside A–Z 0–9 < dropped. */
export function cleanLine (text: string): string {
  return text.toUpperCase().replace(/[«‹]/g, '<').replace(/[^A-Z0-9<]/g, '')
}

/** Digits-only positions get digits (a check digit that may be a filler keeps its filler), letters-only positions letters; other positions are left. */
export function correctByPosition (line: string, layout: string): string {
  let out = ''
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    const kind = layout[i]
    out += kind === 'n' || (kind === 'c' && c !== '<') ? TO_DIGIT[c] ?? c : kind === 'a' ? TO_LETTER[c] ?? c : c
  }
  return out
}

/**
 * A name line (no check digit) at its length: a run of three or more fillers before more name is a
 * misread '<<' (a name never holds one), and the trailing filler run is trimmed or padded.
 */
export function fitNameLine (line: string, length: number): string {
  let fitted = line
  // a letter read twice, once as its digit look-alike (a name holds no digit)
  while (fitted.length > length && /[0-9][A-Z]|[A-Z][0-9]/.test(fitted)) {
    const at = [...fitted].findIndex((c, i) => lookAlikes(c, fitted[i + 1]))
    if (at < 0) break
    fitted = fitted.slice(0, at) + fitted.slice(at + 1)
  }
  while (fitted.length > length && /<{3,}(?=[A-Z])/.test(fitted)) fitted = fitted.replace(/<{3,}(?=[A-Z])/, (run) => run.slice(1))
  return fitted.padEnd(length, '<').slice(0, length)
}

/**
 * The name field with its filler made clean: '<<' separates the surname from the given names only
 * once, so whatever follows a second '<<' is filler misread (an L, I or C among the < signs).
 */
export function cleanNameFiller (field: string): string {
  const split = field.indexOf('<<')
  if (split < 0) return field
  const end = field.indexOf('<<', split + 2)
  return end < 0 ? field : field.slice(0, end).padEnd(field.length, '<')
}

/** Left-aligned number and optional fields: after a '<<' only filler follows. */
export function cleanFieldFiller (line: string, fields: [number, number][]): string {
  let out = line
  for (const [start, end] of fields) {
    const field = out.slice(start, end)
    const stop = field.indexOf('<<')
    if (stop >= 0) out = out.slice(0, start) + field.slice(0, stop).padEnd(field.length, '<') + out.slice(end)
  }
  return out
}

/**
 * Ways to bring a checked line to its length: a run of '<' is what OCR miscounts, so a long line
 * loses one or two fillers, a character touching a filler run (a < read as K) or one of a doubled
 * character (OCR's other habit), a short line gains
 * fillers in its runs. Nothing else moves, so the check digits choose among a few honest repairs.
 */
export function lengthRepairs (line: string, length: number): string[] {
  if (line.length === length) return [line]
  const nearFiller = (text: string, i: number) => text[i] === '<' || text[i - 1] === '<' || text[i + 1] === '<' || text[i] === text[i - 1] ||
    lookAlikes(text[i - 1], text[i]) || lookAlikes(text[i], text[i + 1])
  const out = new Set<string>()
  const grow = (text: string) => {
    for (let i = 0; i <= text.length; i++) if (text[i] === '<' || text[i - 1] === '<' || i === text.length) out.add(text.slice(0, i) + '<' + text.slice(i))
  }
  const shrink = (text: string, into: Set<string>) => {
    for (let i = 0; i < text.length; i++) if (nearFiller(text, i)) into.add(text.slice(0, i) + text.slice(i + 1))
  }
  if (line.length - length === 1) shrink(line, out)
  else if (line.length - length === 2) { const once = new Set<string>(); shrink(line, once); for (const text of once) shrink(text, out) }
  else if (length - line.length === 1) grow(line)
  else if (length - line.length === 2) { grow(line); for (const text of [...out]) { out.delete(text); grow(text) } }
  else return [line.padEnd(length, '<').slice(0, length)]
  return [...out].filter((candidate) => candidate.length === length)
}

/** The line with one look-alike swapped (0 for O, 1 for I…) where the layout allows both: the check digits tell them apart. */
export function lookAlikeSwaps (line: string, layout: string): string[] {
  const out: string[] = []
  for (let i = 0; i < line.length; i++) {
    const other = LOOK_ALIKE[line[i]!]
    if (layout[i] === 'x' && other) out.push(line.slice(0, i) + other + line.slice(i + 1))
  }
  return out
}

/**
 * Every repaired version of a reading: position corrections always, length repairs where needed,
 * and with `swaps`, one look-alike swapped in a checked line.
 */
export function repairedCandidates (format: MrzFormat, lines: string[], swaps = false): string[][] {
  const length = LINE_LENGTH[format]
  const [nameLine, nameStart, nameEnd] = NAME_FIELD[format]
  const options = lines.map((line, index) => {
    const layout = LAYOUTS[format][index]!
    if (UNCHECKED_LINES[format].includes(index)) {
      const fitted = correctByPosition(fitNameLine(line, length), layout)
      return [index === nameLine ? fitted.slice(0, nameStart) + cleanNameFiller(fitted.slice(nameStart, nameEnd)) + fitted.slice(nameEnd) : fitted]
    }
    const repaired = lengthRepairs(line, length).map((fitted) => correctByPosition(fitted, layout))
    // The clean version first: '<' and '0' weigh the same in a check digit, so both may pass.
    const plain = [...new Set(repaired.flatMap((fitted) => [cleanFieldFiller(fitted, LEFT_ALIGNED_FIELDS[format][index] ?? []), fitted]))]
    return swaps ? [...new Set(plain.slice(0, 4).flatMap((fitted) => lookAlikeSwaps(fitted, layout)))] : plain
  })
  // A product of the lines' options, capped: only one line is usually off.
  let combos: string[][] = [[]]
  for (const lineOptions of options) combos = combos.flatMap((combo) => lineOptions.map((option) => [...combo, option])).slice(0, 2000)
  return combos
}
