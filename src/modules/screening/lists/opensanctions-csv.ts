import { pipeline, Readable } from 'node:stream'
import { CsvError, parse, type Info } from 'csv-parse'
import { ListFormatError, type ListEntry, type ListInput, MAX_ENTRY_CHARACTERS, MAX_ENTRY_SIZE_TEXT } from './list-entry.ts'
import { indexColumns, readRow, REQUIRED_COLUMNS, type ColumnIndex } from './opensanctions-row.ts'

const FORMAT = 'OpenSanctions targets.simple.csv'

/**
 * Reads OpenSanctions' targets.simple.csv one row at a time: the parser pulls the next chunk only when
 * the caller asks for the next entry, so memory stays flat whatever the file's size. The exporter
 * quotes every field and doubles inner quotes (Python's unix dialect), so strict quoting fits it.
 */
export async function * readOpenSanctionsCsv (input: ListInput): AsyncGenerator<ListEntry> {
  // The parser reads ahead of the entries taken, so where the last whole record ended is noted as it parses.
  let lastLine = 0
  const parser = parse({
    bom: true, info: true, skip_empty_lines: true, max_record_size: MAX_ENTRY_CHARACTERS,
    on_record: (record, context) => { lastLine = context.lines; return record },
  })
  pipeline(input instanceof Readable ? input : Readable.from(input), parser, () => {})
  let columns: ColumnIndex | undefined
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[], info: Info }>) {
      if (columns === undefined) {
        columns = checkHeader(record)
        continue
      }
      const entry = readRow(record, columns)
      if (entry === undefined) throw new ListFormatError(`${FORMAT}: the row ending on line ${info.lines} has no id or no name`)
      yield entry
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      // `records` counts the header and the whole data rows before this one.
      const row = (error as CsvError & { records: number }).records
      throw new ListFormatError(`${FORMAT}: data row ${row} (from line ${lastLine + 1}) is longer than ${MAX_ENTRY_SIZE_TEXT}; ` +
        'a quote left open there would make the rest of the file one field')
    }
    if (error instanceof CsvError) throw new ListFormatError(`${FORMAT}: ${error.message}`)
    throw error
  } finally {
    parser.destroy()
  }
  if (columns === undefined) throw new ListFormatError(`${FORMAT}: the file is empty; expected a header row with ${REQUIRED_COLUMNS.join(',')}`)
}

function checkHeader (record: string[]): ColumnIndex {
  const columns = indexColumns(record)
  if ('missing' in columns) {
    throw new ListFormatError(`${FORMAT}: line 1 is not its header; missing columns: ${columns.missing.join(', ')}`)
  }
  return columns
}
