import { Worker } from 'node:worker_threads'
import { type Database, type Queryable, settleAfterTransaction } from './database.ts'

export interface ThreadCall {
  id: number
  op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'listen' | 'close'
  /** The statement; for listen, the channel. */
  sql: string
  params?: readonly unknown[]
  /** The open transaction the statement belongs to. */
  tx?: number
}
/** Answers carry the call's id; id -1 is a notification (LISTEN), id 0 the thread's start. */
export type ThreadAnswer =
  | { id: number, ok: true, value: unknown }
  | { id: number, ok: false, error: { message: string, fields: Record<string, unknown> } }

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
  const pending = new Map<number, { resolve: (value: unknown) => void, reject: (err: Error) => void }>()
  const listeners = new Map<string, Set<(payload: string) => void>>()
  let stopped: Error | null = null
  let nextId = 1

  const rebuild = ({ message, fields }: { message: string, fields: Record<string, unknown> }) => Object.assign(new Error(message), fields)
  const opened = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }))
  worker.on('message', (answer: ThreadAnswer) => {
    if (answer.id === -1 && answer.ok) {
      const { channel, payload } = answer.value as { channel: string, payload: string }
      for (const callback of listeners.get(channel) ?? []) callback(payload)
      return
    }
    const call = pending.get(answer.id)
    pending.delete(answer.id)
    if (answer.ok) call?.resolve(answer.value)
    else call?.reject(rebuild(answer.error))
  })
  const stop = (err: Error) => {
    stopped ??= err
    for (const call of pending.values()) call.reject(stopped)
    pending.clear()
  }
  worker.on('error', (err) => stop(new EmbeddedDatabaseStopped(err.message)))
  worker.on('exit', (code) => stop(new EmbeddedDatabaseStopped(`its thread exited with code ${code}`)))

  const call = <T>(op: ThreadCall['op'], sql: string, params?: readonly unknown[], tx?: number): Promise<T> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, op, sql, ...(params ? { params } : {}), ...(tx ? { tx } : {}) } satisfies ThreadCall)
    })
  }

  await opened
  const db: Database = {
    kind: 'pglite',
    query: (sql, params) => call('query', sql, params),
    async transaction (fn) {
      const ended: ((committed: boolean) => void)[] = []
      const tx = await call<number>('begin', '')
      const inTx: Queryable = { query: (sql, params) => call('query', sql, params, tx), afterTransaction: (f) => { ended.push(f) } }
      let result
      try {
        result = await fn(inTx)
      } catch (err) {
        await call('rollback', '', undefined, tx).catch(() => {})
        settleAfterTransaction(ended, false)
        throw err
      }
      try {
        await call('commit', '', undefined, tx)
      } catch (err) {
        settleAfterTransaction(ended, false)
        throw err
      }
      settleAfterTransaction(ended, true)
      return result
    },
    async exec (sql) { await call('exec', sql) },
    async close () {
      if (stopped) return
      await call('close', '')
      stop(new EmbeddedDatabaseStopped('it was closed'))
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
