// Characters that show nothing: whitespace, controls, format characters (zero-width joiners, the
// BOM), combining marks on their own, unassigned and private code points, and the Hangul and
// Braille blanks that are letters in name only.
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}\p{M}\p{Cn}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]/u

/** A name as stored and compared: Unicode NFC (one form for "é" typed either way), trimmed. */
export const normalisedName = (name: string): string => name.normalize('NFC').trim()

/** Whether a person would see anything of the name at all. */
export function hasVisibleCharacter (name: string): boolean {
  for (const ch of name) if (!INVISIBLE.test(ch)) return true
  return false
}
