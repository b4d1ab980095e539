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

// What an entry keeps, whatever the file says: every name is shown in hits and sent in webhooks, and each is
// compared at every screening that finds the entry. Real entries stay well inside these.
export const STORED_NAME_CHARACTERS = 500
export const STORED_NAMES = 200
const STORED_VALUES = 50
const STORED_ID_CHARACTERS = 200

const capped = (text: string, length: number) => text.length <= length ? text : text.slice(0, length).replace(/[\uD800-\uDBFF]$/, '')

function toStored (entry: ListEntry): repo.StoredEntry {
  const names = [entry.name, ...entry.aliases].slice(0, STORED_NAMES).map((name) => capped(name, STORED_NAME_CHARACTERS))
  return {
    entityId: capped(entry.entityId, STORED_ID_CHARACTERS),
    schema: entry.schema,
    names,
    birthDates: entry.birthDates.slice(0, STORED_VALUES),
    countries: entry.countries.slice(0, STORED_VALUES),
    topics: entry.topics.slice(0, STORED_VALUES),
    tokens: entryTokens({ schema: entry.schema, name: names[0]!, aliases: names.slice(1) }),
  }
}

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
    try {
      for await (const entry of readList(input.format, chunks())) {
        batch.push(toStored(entry))
        if (batch.length === BATCH) await flush()
      }
    } catch (error) {
      // The transaction rolls back: the operator must know that no entry of the file is in use.
      if (error instanceof ListFormatError) throw new ListFormatError(`${error.message}. Nothing was imported, and the ${input.source} list is unchanged.`)
      throw error
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
