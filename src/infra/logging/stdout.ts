import { pino } from 'pino'

const BLOCK_BYTES = 32_768

/**
 * Log lines encoded into blocks of up to 32 KB before they reach sonic-boom, which then writes each
 * block at once. Each line is encoded to UTF-8 once, into the block: sonic-boom's own buffering
 * (minLength) gathers lines as one string, which it flattens and measures in UTF-8 before encoding
 * it again, and costs Ping more than its bound (docs/decisions.md, Speed work behind seams).
 */
class BlockedDestination {
  readonly #sink: ReturnType<typeof pino.destination>
  #block = Buffer.allocUnsafe(BLOCK_BYTES)
  #used = 0

  constructor (sink: ReturnType<typeof pino.destination>) {
    this.#sink = sink
  }

  write (line: string): boolean {
    // A UTF-16 unit takes at most 3 bytes in UTF-8, so a line that may not fit is written after the
    // block; one longer than a whole block goes on its own.
    if (this.#used + line.length * 3 > BLOCK_BYTES) {
      this.flushSync()
      if (line.length * 3 > BLOCK_BYTES) {
        this.#sink.write(Buffer.from(line, 'utf8') as never)
        return true
      }
    }
    this.#used += this.#block.write(line, this.#used, 'utf8')
    return true
  }

  flushSync (): void {
    if (this.#used === 0) return
    // sonic-boom may keep the block to retry it (EAGAIN on a full pipe): the next lines go to a new one.
    const block = this.#block.subarray(0, this.#used)
    this.#block = Buffer.allocUnsafe(BLOCK_BYTES)
    this.#used = 0
    this.#sink.write(block as never)
  }

  flush (callback?: (err?: Error) => void): void {
    this.flushSync()
    callback?.()
  }
}

let destination: BlockedDestination | undefined

/**
 * The process's one log destination: stdout, written synchronously but in blocks of up to 32 KB,
 * so a busy server makes one write(2) per hundred or so lines rather than one per line (the async mode
 * hands each write to libuv's thread pool, which is slower still). A timer writes what is
 * buffered every 250 ms, and the exit hook before the process ends, so a quiet server's lines are
 * not held back. Only a SIGKILL can lose lines: at most the last 32 KB (250 ms).
 */
export function stdoutDestination (): pino.DestinationStream {
  if (destination) return destination
  const stream = new BlockedDestination(pino.destination({ dest: 1, sync: true, contentMode: 'buffer' }))
  setInterval(() => stream.flushSync(), 250).unref()
  process.on('exit', () => stream.flushSync())
  destination = stream
  return stream
}
