import { pino } from 'pino'

/**
 * Log lines gathered into blocks of at least 16 KB before they reach sonic-boom, which then writes
 * each block at once. sonic-boom's own minLength buffering measures the whole buffered string in
 * UTF-8 on every line (Buffer.byteLength), which cost more than formatting the line did.
 */
class BlockedDestination {
  readonly #sink: ReturnType<typeof pino.destination>
  #pending = ''

  constructor (sink: ReturnType<typeof pino.destination>) {
    this.#sink = sink
  }

  write (line: string): boolean {
    this.#pending += line
    if (this.#pending.length >= 16_384) this.flushSync()
    return true
  }

  flushSync (): void {
    if (this.#pending === '') return
    const block = this.#pending
    this.#pending = ''
    this.#sink.write(block)
  }

  flush (callback?: (err?: Error) => void): void {
    this.flushSync()
    callback?.()
  }
}

let destination: BlockedDestination | undefined

/**
 * The process's one log destination: stdout, written synchronously but in blocks of at least 16 KB,
 * so a busy server makes one write(2) per eighty or so lines rather than one per line (the async mode
 * hands each write to libuv's thread pool, which measured slower still). A timer writes what is
 * buffered every 250 ms, and the exit hook before the process ends, so a quiet server's lines are
 * not held back. Only a SIGKILL can lose lines: at most the last 16 KB (250 ms).
 */
export function stdoutDestination (): pino.DestinationStream {
  if (destination) return destination
  const stream = new BlockedDestination(pino.destination({ dest: 1, sync: true }))
  setInterval(() => stream.flushSync(), 250).unref()
  process.on('exit', () => stream.flushSync())
  destination = stream
  return stream
}
