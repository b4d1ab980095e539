/** An error as it crosses to the other side: its class's name, its message and its own fields (code, detail…). */
export interface WireError { name: string, message: string, fields: Record<string, unknown> }

/** The answer to the call that carried the same id. */
export type Answer =
  | { id: number, ok: true, value: unknown }
  | { id: number, ok: false, error: WireError }

/** A request as sent: the caller's fields and the id its answer will carry. */
export type Call<Request> = Request & { id: number }

/** Classes a rebuilt error takes by its name, so callers can tell errors apart with instanceof. */
export type ErrorClasses = Record<string, { prototype: Error }>

/** Anything else on the channel (readiness, a notification) is a notice: only answers carry `ok`. */
export const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && typeof (message as Answer).id === 'number' && typeof (message as Answer).ok === 'boolean'

/** An error with every own enumerable field; a thrown non-error becomes its string. */
export function wireErrorOf (error: unknown): WireError {
  const { name = 'Error', message = String(error) } = (error ?? {}) as Partial<Error>
  return { name, message, fields: error instanceof Error ? { ...error } : {} }
}

/** The error on this side, of the class its name gives when `classes` has one (no stack: it was thrown over there). */
export function rebuildError ({ name, message, fields }: WireError, classes: ErrorClasses = {}): Error {
  const type = classes[name]
  const error: Error = type ? Object.create(type.prototype) : new Error()
  return Object.assign(error, fields, { name, message })
}
