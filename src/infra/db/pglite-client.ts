import { Worker } from 'node:worker_threads'
import { createCaller } from '../messaging/messaging-caller.ts'
import { workerEndpoint } from '../messaging/messaging-endpoints.ts'
import type { WireError } from '../messaging/messaging-wire.ts'
import type { Database, Queryable } from './database.ts'

export interface ThreadCall {
  op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'listen' | 'close'
  /** The statement; for listen, the channel. */
  sql: string
  params?: readonly unknown[]
  /** The open transaction the statement belongs to. */
  tx?: number
}
/** What the thread says unasked: it opened the database (or could not), or a LISTEN channel was notified. */
export type ThreadNotice =
  | { opened: true }
  | { openFailed: WireError }
  | { channel: string, payload: string }

/** What pg-boss's PGlite adapter needs of the database (its PGliteLike). */
export interface EmbeddedConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
}

/** The embedded database's thread stopped: nothing more can be read or written until the process restarts. */
export class EmbeddedDatabaseStopped extends Error {
  constructor (detail: string) {
    super(`The embedded database stopped (${detail})`)
    this.name = 'EmbeddedDatabaseStopped'
  }
}

/**
 * Embedded PostgreSQL in a worker thread of its own (pglite-thread.ts): statements run beside the
 * event loop that serves requests instead of on it, which kept every request waiting while a
 * statement ran (docs/performance.md). Resolves once the database is open.
 */
export async function startPgliteThread (dataDir: string | null): Promise<{ db: Database, pglite: EmbeddedConnection }> {
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir } })
  const listeners = new Map<string, Set<(payload: string) => void>>()
  const rebuild = ({ message, fields }: WireError) => Object.assign(new Error(message), fields)
  let opening!: { resolve: () => void, reject: (err: Error) => void }
  const opened = new Promise<void>((resolve, reject) => { opening = { resolve, reject } })
  const endpoint = workerEndpoint(worker)
  const thread = createCaller<ThreadCall>(endpoint, {
    rebuildError: rebuild,
    errorWhenGone: ({ code, error }) => new EmbeddedDatabaseStopped(error ? error.message : `its thread exited with code ${code}`),
    onNotice (message) {
      const notice = message as ThreadNotice
      if ('opened' in notice) opening.resolve()
      else if ('openFailed' in notice) opening.reject(rebuild(notice.openFailed))
      else for (const callback of listeners.get(notice.channel) ?? []) callback(notice.payload)
    },
  })
  endpoint.onEnd(() => opening.reject(thread.ended!)) // after the caller's own listener, which sets ended

  const call = <T>(op: ThreadCall['op'], sql: string, params?: readonly unknown[], tx?: number): Promise<T> =>
    thread.call<T>({ op, sql, ...(params ? { params } : {}), ...(tx ? { tx } : {}) })

  await opened
  const db: Database = {
    kind: 'pglite',
    query: (sql, params) => call('query', sql, params),
    async transaction (fn) {
      const tx = await call<number>('begin', '')
      const inTx: Queryable = { query: (sql, params) => call('query', sql, params, tx) }
      let result
      try {
        result = await fn(inTx)
      } catch (err) {
        await call('rollback', '', undefined, tx).catch(() => {})
        throw err
      }
      await call('commit', '', undefined, tx)
      return result
    },
    async exec (sql) { await call('exec', sql) },
    async close () {
      if (thread.ended) return
      await call('close', '')
      thread.end(new EmbeddedDatabaseStopped('it was closed'))
      await worker.terminate()
    },
  }
  const pglite: EmbeddedConnection = {
    query: async (sql, params) => ({ rows: await call('query', sql, params) }),
    exec: (sql) => call('exec', sql),
    async listen (channel, callback) {
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        await call('listen', channel)
      }
      set.add(callback)
      return async () => { set.delete(callback) }
    },
  }
  return { db, pglite }
}
