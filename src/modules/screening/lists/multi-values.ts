/**
 * The values of a multi-valued OpenSanctions cell. The exporter joins them with ';' through a second
 * CSV writer, so a value holding ';', '"' or a line break arrives in double quotes with '"' doubled:
 * `"Foo; Bar";Baz` is the two values `Foo; Bar` and `Baz`. Empty values are dropped.
 */
export function splitValues (cell: string): string[] {
  if (cell === '') return []
  if (!cell.includes('"')) return cell.split(';').map((v) => v.trim()).filter((v) => v !== '')
  const values: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]
    if (quoted) {
      if (c !== '"') current += c
      else if (cell[i + 1] === '"') { current += '"'; i++ } else quoted = false
    } else if (c === '"' && current.trim() === '') {
      quoted = true
      current = ''
    } else if (c === ';') {
      values.push(current.trim())
      current = ''
    } else {
      current += c
    }
  }
  values.push(current.trim())
  return values.filter((v) => v !== '')
}
