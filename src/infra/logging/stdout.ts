import { pino } from 'pino'

let destination: pino.DestinationStream & { flushSync (): void } | undefined

/**
 * The process's one log destination: stdout, written synchronously but in blocks of at least 4 KB,
 * so a busy server makes one write(2) per few dozen lines rather than one per line (the async mode
 * hands each write to libuv's thread pool, which measured slower still). A timer writes what is
 * buffered every 250 ms, and the exit hook before the process ends, so a quiet server's lines are
 * not held back. Only a SIGKILL can lose lines: at most the last 4 KB.
 */
export function stdoutDestination (): pino.DestinationStream {
  if (destination) return destination
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096 })
  setInterval(() => stream.flushSync(), 250).unref()
  process.on('exit', () => stream.flushSync())
  destination = stream
  return stream
}
