// Written here rather than taken from @skyra/jaro-winkler, which departs from the published measure twice: its match
// window is ⌊max/2⌋ instead of ⌊max/2⌋ − 1 (so 'ranan' and 'rayan' score 0.83, not 0.89) and it counts a shared
// prefix of four letters as five, over-rewarding names that only begin alike ('Vladislav', 'Vladimir').
const PREFIX_SCALE = 0.1
const PREFIX_LIMIT = 4

/** Jaro-Winkler similarity as Winkler published it (prefix of up to 4 letters, scaling 0.1): 0..1. */
export function jaroWinkler (a: string, b: string): number {
  if (a === b) return 1
  if (a.length === 0 || b.length === 0) return 0
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1)
  const matchedA = new Array<boolean>(a.length).fill(false)
  const matchedB = new Array<boolean>(b.length).fill(false)
  let matches = 0
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (matchedB[j] || a[i] !== b[j]) continue
      matchedA[i] = true
      matchedB[j] = true
      matches++
      break
    }
  }
  if (matches === 0) return 0
  let halfTranspositions = 0
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!matchedA[i]) continue
    while (!matchedB[j]) j++
    if (a[i] !== b[j]) halfTranspositions++
    j++
  }
  const jaro = (matches / a.length + matches / b.length + (matches - Math.floor(halfTranspositions / 2)) / matches) / 3
  let prefix = 0
  while (prefix < PREFIX_LIMIT && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++
  return jaro + prefix * PREFIX_SCALE * (1 - jaro)
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours count 1. */
export function editDistance (a: string, b: string): number {
  let previousRow: number[] = []
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const beforePrevious = previousRow
    previousRow = row
    row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previousRow[j]! + 1, row[j - 1]! + 1, previousRow[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1)
      row.push(value)
    }
  }
  return row[b.length]!
}
