import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Polls `probe` until `done` accepts its value, for background work (queued jobs) that the API
 * reports only by its effect. Throws with the last value seen when the time is up.
 */
export async function eventually<T> (probe: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = 10_000, intervalMs = 100, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`)
    await sleep(intervalMs)
  }
}
