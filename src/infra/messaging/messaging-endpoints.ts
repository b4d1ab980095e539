import type { ChildProcess } from 'node:child_process'
import { parentPort, type TransferListItem, type Worker } from 'node:worker_threads'

/** How the other side ended: an exit code or a signal, or the error that ended it (a thread's uncaught exception, a failed spawn). */
export interface EndOfOtherSide { code: number | null, signal: NodeJS.Signals | null, error?: Error }

/** The calling side's view of a thread or process it started. */
export interface Endpoint {
  /** Transfer lists move ArrayBuffers to a thread instead of copying them; a process's channel copies anyway. */
  send (message: unknown, transfer?: readonly TransferListItem[]): void
  onMessage (listener: (message: unknown) => void): void
  /** Called once, when the other side is gone, however many ways it said so. */
  onEnd (listener: (end: EndOfOtherSide) => void): void
}

/** The started side's view of the thread or process that started it. */
export interface ParentEndpoint {
  /** `sent` runs once the message has left (for a process, once written to its channel). */
  send (message: unknown, transfer?: readonly TransferListItem[], sent?: () => void): void
  onMessage (listener: (message: unknown) => void): void
}

function onceEnded () {
  const listeners: ((end: EndOfOtherSide) => void)[] = []
  let ended = false
  return {
    listen: (listener: (end: EndOfOtherSide) => void) => { listeners.push(listener) },
    end (end: EndOfOtherSide) {
      if (ended) return
      ended = true
      for (const listener of listeners) listener(end)
    },
  }
}

export function workerEndpoint (worker: Worker): Endpoint {
  const ended = onceEnded()
  worker.on('error', (error) => ended.end({ code: null, signal: null, error }))
  worker.on('exit', (code) => ended.end({ code, signal: null }))
  return {
    send: (message, transfer) => worker.postMessage(message, transfer),
    onMessage: (listener) => { worker.on('message', listener) },
    onEnd: ended.listen,
  }
}

/** A child forked with an IPC channel. */
export function childProcessEndpoint (child: ChildProcess): Endpoint {
  const ended = onceEnded()
  child.on('exit', (code, signal) => ended.end({ code, signal }))
  // Spawning failed (no memory or no process slots left): as if it left at once. Other errors (a kill
  // or a send that failed) are followed by its exit.
  child.on('error', (error) => { if (child.pid === undefined) ended.end({ code: null, signal: null, error }) })
  return {
    send (message) {
      try {
        child.send(message as object)
      } catch {
        child.kill('SIGKILL') // a message it cannot be sent, or no channel left: its exit fails the call
      }
    },
    onMessage: (listener) => { child.on('message', listener) },
    onEnd: ended.listen,
  }
}

/** Inside a worker thread: the thread that started it. */
export function parentThreadEndpoint (): ParentEndpoint {
  const port = parentPort!
  return {
    send (message, transfer, sent) {
      port.postMessage(message, transfer)
      sent?.()
    },
    onMessage: (listener) => { port.on('message', listener) },
  }
}

/** Inside a forked child process: the process that forked it. */
export function parentProcessEndpoint (): ParentEndpoint {
  return {
    send: (message, _transfer, sent) => { process.send!(message, undefined, {}, () => sent?.()) },
    onMessage: (listener) => { process.on('message', listener) },
  }
}
