export type MrzFormat = 'TD1' | 'TD2' | 'TD3'

/**
 * What each position of an MRZ line may hold (ICAO 9303 parts 4–6): `n` digits only (dates,
 * check digits), `c` a digit or the filler (the check digit of a field that may be empty or run
 * on), `a` letters or the filler (codes, names, sex), `x` anything (document and personal
 * numbers, optional data).
 */
export const LAYOUTS: Record<MrzFormat, string[]> = {
  TD3: [
    'a'.repeat(44),
    'xxxxxxxxx' + 'n' + 'aaa' + 'nnnnnn' + 'n' + 'a' + 'nnnnnn' + 'n' + 'x'.repeat(14) + 'c' + 'n',
  ],
  TD2: [
    'a'.repeat(36),
    'xxxxxxxxx' + 'n' + 'aaa' + 'nnnnnn' + 'n' + 'a' + 'nnnnnn' + 'n' + 'x'.repeat(7) + 'n',
  ],
  TD1: [
    'aa' + 'aaa' + 'x'.repeat(9) + 'c' + 'x'.repeat(15),
    'nnnnnn' + 'n' + 'a' + 'nnnnnn' + 'n' + 'aaa' + 'x'.repeat(11) + 'n',
    'a'.repeat(30),
  ],
}

export const LINE_LENGTH: Record<MrzFormat, number> = { TD1: 30, TD2: 36, TD3: 44 }

/** Where the holder's name is: line, start, end. */
export const NAME_FIELD: Record<MrzFormat, [number, number, number]> = { TD1: [2, 0, 30], TD2: [0, 5, 36], TD3: [0, 5, 44] }

/** The lines of the format that carry no check digit: only their filler runs can be repaired. */
export const UNCHECKED_LINES: Record<MrzFormat, number[]> = { TD1: [2], TD2: [0], TD3: [0] }

/** Per line, the [start, end) of the left-aligned number and optional-data fields. */
export const LEFT_ALIGNED_FIELDS: Record<MrzFormat, [number, number][][]> = {
  TD3: [[], [[0, 9], [28, 42]]],
  TD2: [[], [[0, 9], [28, 35]]],
  TD1: [[[5, 14], [15, 30]], [[18, 29]], []],
}


/** Every character an MRZ may hold: capitals, digits and the filler. */
export const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'
