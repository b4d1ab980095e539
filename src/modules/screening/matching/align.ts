// Word order differs between lists and forms ('PUTIN Vladimir', 'Wang Xiaoming'), so words are paired by the
// assignment of greatest total credit, not by position. Names have few words: an exact search over subsets is cheap.
const EXACT_SEARCH_LIMIT = 10

/**
 * For each row, the column it is paired with (or -1), maximising the total of credit[row][column] with each
 * column used once. A credit of 0 never pairs.
 */
export function bestAssignment (credit: readonly (readonly number[])[], columns: number): number[] {
  if (columns > EXACT_SEARCH_LIMIT) return greedyAssignment(credit, columns)
  const rows = credit.length
  const states = 1 << columns
  // best[row * states + used]: greatest credit from rows row.. with columns in `used` taken.
  const best = new Float64Array((rows + 1) * states)
  for (let row = rows - 1; row >= 0; row--) {
    for (let used = 0; used < states; used++) {
      let value = best[(row + 1) * states + used]!
      for (let column = 0; column < columns; column++) {
        const gain = credit[row]![column]!
        if (gain <= 0 || (used & (1 << column)) !== 0) continue
        value = Math.max(value, gain + best[(row + 1) * states + (used | (1 << column))]!)
      }
      best[row * states + used] = value
    }
  }
  const assignment: number[] = []
  let used = 0
  for (let row = 0; row < rows; row++) {
    const target = best[row * states + used]!
    let chosen = -1
    for (let column = 0; column < columns && chosen === -1; column++) {
      const gain = credit[row]![column]!
      if (gain > 0 && (used & (1 << column)) === 0 && gain + best[(row + 1) * states + (used | (1 << column))]! === target) chosen = column
    }
    assignment.push(chosen)
    if (chosen !== -1) used |= 1 << chosen
  }
  return assignment
}

function greedyAssignment (credit: readonly (readonly number[])[], columns: number): number[] {
  const pairs: { row: number, column: number, gain: number }[] = []
  credit.forEach((gains, row) => gains.forEach((gain, column) => { if (gain > 0) pairs.push({ row, column, gain }) }))
  pairs.sort((a, b) => b.gain - a.gain)
  const assignment = credit.map(() => -1)
  const taken = new Array<boolean>(columns).fill(false)
  for (const { row, column } of pairs) {
    if (assignment[row] !== -1 || taken[column]) continue
    assignment[row] = column
    taken[column] = true
  }
  return assignment
}
