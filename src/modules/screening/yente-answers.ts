import { ProviderUnavailable } from '../checks/index.ts'

export const YENTE_PROVIDER = 'idcheck-screening-yente'
/**
 * The most of one yente answer read: 25 match results with their properties, or the catalogue of a few hundred
 * datasets, take a few hundred kilobytes; an answer past this fails as the provider's error, unread beyond it.
 */
export const YENTE_ANSWER_MAX_BYTES = 1024 * 1024

/** The answer's JSON, read through the size cap: a longer body is cancelled, never held whole. */
export async function readCappedJson (response: Response, what: string, maxBytes = YENTE_ANSWER_MAX_BYTES): Promise<unknown> {
  const tooLarge = () => new ProviderUnavailable(YENTE_PROVIDER, `yente's ${what} was larger than ${maxBytes} bytes and was not read`)
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let length = 0
  const reader = response.body?.getReader()
  try {
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      length += value.byteLength
      if (length > maxBytes) {
        await reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw err
    throw new ProviderUnavailable(YENTE_PROVIDER, `yente's ${what} could not be read: ${(err as Error).message}`, { cause: err })
  }
  try {
    return JSON.parse(Buffer.concat(chunks, length).toString('utf8'))
  } catch (err) {
    throw new ProviderUnavailable(YENTE_PROVIDER, `yente's ${what} is not JSON: ${(err as Error).message}`, { cause: err })
  }
}

/** A string field of an answer, at most `length` characters; anything else is ''. */
export function cappedString (value: unknown, length: number): string {
  if (typeof value !== 'string') return ''
  return value.length <= length ? value : value.slice(0, length).replace(/[\uD800-\uDBFF]$/, '')
}

/** The distinct string values of a list field, at most `count` of them, each at most `length` characters. */
export function cappedStrings (values: unknown, count: number, length: number): string[] {
  if (!Array.isArray(values)) return []
  const kept = new Set<string>()
  for (const value of values) {
    const text = cappedString(value, length)
    if (text !== '') kept.add(text)
    if (kept.size === count) break
  }
  return [...kept]
}
