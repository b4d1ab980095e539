// Word order differs between lists and forms ('PUTIN Vladimir', 'Wang Xiaoming'), so words are paired by the
// assignment of greatest total credit, not by position. The exact search over subsets costs 2^columns per row:
// cheap for the few words most names have, so past them the Hungarian method (columns³) finds the same optimum.
const SUBSET_SEARCH_LIMIT = 6

/**
 * For each row, the column it is paired with (or -1), maximising the total of credit[row][column] with each
 * column used once. A credit of 0 never pairs.
 */
export function bestAssignment (credit: readonly (readonly number[])[], columns: number): number[] {
  return columns > SUBSET_SEARCH_LIMIT ? hungarianAssignment(credit, columns) : subsetAssignment(credit, columns)
}

export function subsetAssignment (credit: readonly (readonly number[])[], columns: number): number[] {
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

/** The Hungarian method (potentials, one augmenting path per row) on a square matrix of costs 1 − credit. */
export function hungarianAssignment (credit: readonly (readonly number[])[], columns: number): number[] {
  const n = Math.max(credit.length, columns)
  const cost = (row: number, column: number) => 1 - Math.max(0, credit[row]?.[column] ?? 0)
  const u = new Float64Array(n + 1)
  const v = new Float64Array(n + 1)
  const rowOf = new Int32Array(n + 1) // rowOf[column], 1-based; 0 = free
  const way = new Int32Array(n + 1)
  for (let row = 1; row <= n; row++) {
    rowOf[0] = row
    let column0 = 0
    const minv = new Float64Array(n + 1).fill(Infinity)
    const used = new Uint8Array(n + 1)
    do {
      used[column0] = 1
      const row0 = rowOf[column0]!
      let delta = Infinity
      let column1 = 0
      for (let column = 1; column <= n; column++) {
        if (used[column]) continue
        const reduced = cost(row0 - 1, column - 1) - u[row0]! - v[column]!
        if (reduced < minv[column]!) { minv[column] = reduced; way[column] = column0 }
        if (minv[column]! < delta) { delta = minv[column]!; column1 = column }
      }
      for (let column = 0; column <= n; column++) {
        if (used[column]) {
          const row1 = rowOf[column]!
          u[row1] = u[row1]! + delta
          v[column] = v[column]! - delta
        } else {
          minv[column] = minv[column]! - delta
        }
      }
      column0 = column1
    } while (rowOf[column0] !== 0)
    do {
      const column1 = way[column0]!
      rowOf[column0] = rowOf[column1]!
      column0 = column1
    } while (column0 !== 0)
  }
  const assignment = credit.map(() => -1)
  for (let column = 1; column <= columns; column++) {
    const row = rowOf[column]! - 1
    if (row >= 0 && row < credit.length && credit[row]![column - 1]! > 0) assignment[row] = column - 1
  }
  return assignment
}
