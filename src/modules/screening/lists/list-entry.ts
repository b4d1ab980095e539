/** What a list reader takes: a file stream, or any async source of chunks. */
export type ListInput = NodeJS.ReadableStream | AsyncIterable<Buffer | string>

export type ListSchema = 'Person' | 'Organization' | 'Vessel' | 'Aircraft' | 'Other'

/** One listed person or organisation, as every list format is read into. */
export interface ListEntry {
  /** The source's own id: OpenSanctions `id`; OFAC `ofac-<uid>`. */
  entityId: string
  schema: ListSchema
  /** The primary name as published. */
  name: string
  /** Other names as published, deduplicated, without the primary name. */
  aliases: string[]
  /** ISO prefixes: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD', deduplicated. */
  birthDates: string[]
  /** ISO 3166-1 alpha-2 codes in lower case, deduplicated. */
  countries: string[]
  /** 'sanction', 'pep', 'crime'. */
  topics: string[]
}

/**
 * The most one entry of a list may take, in characters (a row of the CSV, an <sdnEntry> or one element's text): the
 * largest real entries (a PEP with hundreds of aliases) take tens of kilobytes, while a quote or tag left open takes
 * the rest of the file, which would be held in memory until it ran out.
 */
export const MAX_ENTRY_CHARACTERS = 4 * 1024 * 1024
export const MAX_ENTRY_SIZE_TEXT = '4 MiB'

/** A file that is not the declared format; the message says what was expected and where. */
export class ListFormatError extends Error {
  override name = 'ListFormatError'
}

/** The distinct non-empty values, in first-seen order, without any in `exclude`. */
export function distinct (values: Iterable<string>, exclude?: string): string[] {
  const seen = new Set<string>()
  for (const value of values) {
    if (value !== '' && value !== exclude) seen.add(value)
  }
  return [...seen]
}
