// The entry of the worker thread that owns embedded PostgreSQL (PGlite): every statement runs here,
// so the API's event loop never waits while WebAssembly PostgreSQL works. pglite-client.ts talks to it.
import { workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { answerCalls } from '../messaging/messaging-answerer.ts'
import { parentThreadEndpoint } from '../messaging/messaging-endpoints.ts'
import type { Call, WireError } from '../messaging/messaging-wire.ts'
import type { ThreadCall, ThreadNotice } from './pglite-client.ts'
import { BYTEA_PARSERS, BYTEA_SERIALIZERS, EXTENSIONS, START_PARAMS } from './pglite-params.ts'

const { dataDir } = workerData as { dataDir: string | null }

/** An open transaction waits here for its next statement, or its end, from the main thread. */
interface OpenTransaction { tx: Transaction, finish: (commit: boolean) => void, done: Promise<void> }
const transactions = new Map<number, OpenTransaction>()
let nextTransaction = 1

/** fn's way of asking pglite.transaction to roll back. */
class RollBack extends Error {}

function errorOf (err: unknown): WireError {
  const e = err as Error & Record<string, unknown>
  // The fields callers read (code, constraint, detail…) are own properties of PGlite's errors; its
  // query and parameters stay here.
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(e)) if (typeof value !== 'object' && typeof value !== 'function') fields[key] = value
  return { name: e.name ?? 'Error', message: e.message ?? String(err), fields }
}

/** Opens a transaction and keeps it open until commit or rollback: other statements wait, as on one connection. */
function begin (pglite: PGlite): Promise<number> {
  const id = nextTransaction++
  return new Promise<number>((opened, failed) => {
    let finish!: (commit: boolean) => void
    const done = pglite.transaction((tx) => new Promise<void>((resolve, reject) => {
      finish = (commit) => commit ? resolve() : reject(new RollBack())
      transactions.set(id, { tx, finish, done })
      opened(id)
    }))
    done.catch(failed) // BEGIN itself failed: nothing was opened
  })
}

/** Ends a transaction once COMMIT or ROLLBACK has run; a failed COMMIT rejects. */
async function end (id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id)
  if (!open) throw new Error(`no open transaction ${id}`)
  transactions.delete(id)
  open.finish(commit)
  try {
    await open.done
  } catch (err) {
    if (!(err instanceof RollBack)) throw err
  }
}

async function handle (pglite: PGlite, call: Call<ThreadCall>, notify: (notice: ThreadNotice) => void): Promise<unknown> {
  const on = call.tx ? transactions.get(call.tx)?.tx : pglite
  if (!on) throw new Error(`no open transaction ${call.tx}`)
  switch (call.op) {
    case 'query': return (await on.query(call.sql, call.params as unknown[] | undefined)).rows
    case 'exec': return (await on.exec(call.sql)).map((r) => ({ rows: r.rows }))
    case 'begin': return begin(pglite)
    case 'commit': return end(call.tx!, true)
    case 'rollback': return end(call.tx!, false)
    case 'listen': {
      await pglite.listen(call.sql, (payload) => notify({ channel: call.sql, payload }))
      return null
    }
    case 'close': {
      await pglite.close()
      return null
    }
  }
}

const parent = parentThreadEndpoint()
let pglite: PGlite
try {
  pglite = await PGlite.create(dataDir ?? undefined, { startParams: START_PARAMS, extensions: EXTENSIONS, serializers: BYTEA_SERIALIZERS, parsers: BYTEA_PARSERS })
} catch (err) {
  parent.send({ openFailed: errorOf(err) } satisfies ThreadNotice)
  process.exit(1)
}
const notify = (notice: ThreadNotice) => parent.send(notice)
answerCalls<ThreadCall>(parent, (call) => handle(pglite, call, notify), { errorOf })
notify({ opened: true })
