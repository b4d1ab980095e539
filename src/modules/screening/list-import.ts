import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Database, Queryable } from '../../infra/db/database.ts'
import { type ListEntry, type ListFormat, ListFormatError, readList } from './lists/index.ts'
import * as repo from './screening.repository.ts'
import { entryTokens, keysOfWords } from './search-words.ts'

/** Entries per insert statement: large enough to amortise a round trip, small enough to bound memory. */
const BATCH = 1000

export interface ImportProgress { bytesRead: number, totalBytes: number, entries: number }

/** The source name a format is stored under when the operator gives none. */
export const DEFAULT_SOURCE: Record<ListFormat, string> = { 'opensanctions-csv': 'opensanctions', 'ofac-sdn-xml': 'ofac-sdn' }

const toStored = (entry: ListEntry): repo.StoredEntry => ({
  entityId: entry.entityId,
  schema: entry.schema,
  names: [entry.name, ...entry.aliases],
  birthDates: entry.birthDates,
  countries: entry.countries,
  topics: entry.topics,
  tokens: entryTokens(entry),
})

/**
 * Replaces a source's entries with the file's, in one transaction: screening sees the old list
 * until the new one is complete. The file is streamed, so memory stays bounded at any size; its
 * sha256 is the version recorded. onImported runs in the import's transaction (the re-screen's first job).
 */
export async function importList (db: Database, input: { path: string, format: ListFormat, source: string, now: Date },
  onImported: (tx: Queryable, version: repo.ListVersion) => Promise<unknown>,
  onProgress: (progress: ImportProgress) => void = () => {}): Promise<repo.ListVersion> {
  const totalBytes = (await stat(input.path)).size
  const hash = createHash('sha256')
  let bytesRead = 0
  let entries = 0
  async function * chunks () {
    for await (const chunk of createReadStream(input.path)) {
      hash.update(chunk as Buffer)
      bytesRead += (chunk as Buffer).length
      yield chunk as Buffer
    }
  }
  const version = await db.transaction(async (tx) => {
    await repo.beginReplace(tx, input.source, input.format, input.now)
    // Words this import has already sent to the vocabulary (a word of the lists is stored once).
    const known = new Set<string>()
    let batch: repo.StoredEntry[] = []
    const flush = async () => {
      const words = [...new Set(batch.flatMap((entry) => entry.tokens).filter((token) => !known.has(token) && known.add(token)))]
      await repo.insertEntries(tx, input.source, batch, words, keysOfWords(words))
      entries += batch.length
      batch = []
      onProgress({ bytesRead, totalBytes, entries })
    }
    for await (const entry of readList(input.format, chunks())) {
      batch.push(toStored(entry))
      if (batch.length === BATCH) await flush()
    }
    if (batch.length > 0) await flush()
    if (entries === 0) throw new ListFormatError(`${input.path} holds no entries: nothing was imported, and the ${input.source} list is unchanged.`)
    const imported = await repo.finishReplace(tx, input.source, hash.digest('hex'), entries)
    await onImported(tx, imported)
    return imported
  })
  await repo.analyse(db)
  return version
}
