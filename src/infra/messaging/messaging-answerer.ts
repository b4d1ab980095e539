import type { TransferListItem } from 'node:worker_threads'
import type { ParentEndpoint } from './messaging-endpoints.ts'
import { type Answer, type Call, type WireError, wireErrorOf } from './messaging-wire.ts'

export interface AnswerOptions {
  /** How an error crosses; default: its name, message and own enumerable fields. */
  errorOf?: (error: unknown) => WireError
  /** ArrayBuffers of a value to move to the caller instead of copying (a thread only; nothing here may touch them after). */
  transferOf?: (value: unknown) => TransferListItem[]
  /** Runs once an answer has left. */
  afterAnswer?: (answer: Answer) => void
}

/**
 * Answers each call from the parent with what `handle` returns or throws, under the call's id; calls
 * run as they arrive, not one after another. Returns how to send a notice (a message that answers no call).
 */
export function answerCalls<Request extends object> (
  endpoint: ParentEndpoint,
  handle: (request: Call<Request>) => unknown,
  options: AnswerOptions = {},
): { notify: (message: object) => void } {
  const errorOf = options.errorOf ?? wireErrorOf
  const send = (answer: Answer, transfer?: readonly TransferListItem[]) => endpoint.send(answer, transfer, () => options.afterAnswer?.(answer))
  const reply = (answer: Answer, transfer?: readonly TransferListItem[]) => {
    try {
      send(answer, transfer)
    } catch (error) {
      // What cannot cross (a field holding a function, a value no clone copies): an error's fields stay
      // behind; a value becomes the failure to send it.
      send(answer.ok ? { id: answer.id, ok: false, error: errorOf(error) } : { ...answer, error: { ...answer.error, fields: {} } })
    }
  }
  endpoint.onMessage((message) => {
    const call = message as Call<Request>
    Promise.resolve().then(() => handle(call)).then(
      (value) => reply({ id: call.id, ok: true, value }, options.transferOf?.(value)),
      (error: unknown) => reply({ id: call.id, ok: false, error: errorOf(error) }),
    )
  })
  return { notify: (message) => endpoint.send(message) }
}
