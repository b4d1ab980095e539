import type { TransferListItem } from 'node:worker_threads'
import type { EndOfOtherSide, Endpoint } from './messaging-endpoints.ts'
import { isAnswer, type WireError } from './messaging-wire.ts'

export interface CallerOptions {
  /** The error a call rejects with when the other side answers with one. */
  rebuildError: (error: WireError) => Error
  /** The error every call in flight rejects with when the other side ends. */
  errorWhenGone: (end: EndOfOtherSide) => Error
  /** Messages that answer no call: readiness, notifications. */
  onNotice?: (message: unknown) => void
}

/** Calls to a thread or process, each settled by the answer that carries its id. */
export interface Caller<Request extends object> {
  call<Value> (request: Request, transfer?: readonly TransferListItem[]): Promise<Value>
  /** Calls sent and not yet answered. */
  readonly inFlight: number
  /** The error every call now fails with, once the other side is gone or `end` was called; else null. */
  readonly ended: Error | null
  /** Fails the calls in flight, and every later one, with `error`; the first end counts. */
  end (error: Error): void
}

export function createCaller<Request extends object> (endpoint: Endpoint, options: CallerOptions): Caller<Request> {
  const pending = new Map<number, { resolve: (value: unknown) => void, reject: (error: Error) => void }>()
  let ended: Error | null = null
  let nextId = 1

  const end = (error: Error) => {
    if (ended) return
    ended = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  endpoint.onMessage((message) => {
    if (!isAnswer(message)) return options.onNotice?.(message)
    const call = pending.get(message.id)
    // An answer to a call that already failed (the other side was ended) is dropped.
    if (!call) return
    pending.delete(message.id)
    if (message.ok) call.resolve(message.value)
    else call.reject(options.rebuildError(message.error))
  })
  endpoint.onEnd((how) => end(options.errorWhenGone(how)))

  return {
    call<Value> (request: Request, transfer?: readonly TransferListItem[]): Promise<Value> {
      if (ended) return Promise.reject(ended)
      const id = nextId++
      return new Promise<Value>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
        try {
          endpoint.send({ ...request, id }, transfer)
        } catch (error) {
          pending.delete(id)
          reject(error as Error)
        }
      })
    },
    get inFlight () { return pending.size },
    get ended () { return ended },
    end,
  }
}
