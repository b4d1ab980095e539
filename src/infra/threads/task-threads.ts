import { parentPort, Worker } from 'node:worker_threads'
import { createLazyPool } from './lazy-pool.ts'

type ErrorClass = { prototype: Error }

export interface TaskThreadsOptions {
  /** The thread's module: it calls `serveTasks` with its handler. */
  entry: URL
  /** At most this many threads at once. */
  size: number
  /** A thread idle this long is stopped. Default 30 s. */
  idleMs?: number
  /** Tasks waiting beyond this are refused with PoolBusy. Default 64. */
  maxWaiting?: number
  /** A task running longer is stopped with TaskTimedOut (and its thread with it). Default 60 s. */
  taskTimeoutMs?: number
  /** A thread past this heap dies alone, failing its task, not the process. Default 512 MB. */
  heapLimitMb?: number
  /** Errors thrown in the thread come back as these classes, found by name, so callers can tell them apart. */
  errors?: Record<string, ErrorClass>
}

export interface TaskThreads<In, Out> {
  run (input: In): Promise<Out>
  close (): Promise<void>
}

type Answer<Out> = { ok: true, value: Out } | { ok: false, error: { name: string, message: string } }

interface Thread<In, Out> { worker: Worker, alive: boolean, call: (input: In) => Promise<Out> }

/**
 * Synchronous, CPU-heavy work (pdf.js reading a file) run in worker threads started on first use:
 * the event loop that serves requests never runs it, and a thread's garbage collection pauses only
 * that thread.
 */
export function createTaskThreads<In, Out> (options: TaskThreadsOptions): TaskThreads<In, Out> {
  const rebuild = ({ name, message }: { name: string, message: string }): Error => {
    const type = options.errors?.[name]
    const error: Error = type ? Object.create(type.prototype) : new Error()
    return Object.assign(error, { name, message })
  }
  const start = (): Promise<Thread<In, Out>> => new Promise((resolve, reject) => {
    const worker = new Worker(options.entry, { resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb ?? 512 } })
    let pending: { resolve: (value: Out) => void, reject: (error: Error) => void } | null = null
    const thread: Thread<In, Out> = {
      worker,
      alive: true,
      call: (input) => new Promise<Out>((resolveCall, rejectCall) => {
        if (!thread.alive) return rejectCall(new Error('The worker thread has stopped'))
        pending = { resolve: resolveCall, reject: rejectCall }
        worker.postMessage(input) // a copy: the caller keeps its bytes
      }),
    }
    const fail = (error: Error) => {
      thread.alive = false
      pending?.reject(error)
      pending = null
    }
    worker.on('message', (answer: Answer<Out>) => {
      const call = pending
      pending = null
      if (answer.ok) call?.resolve(answer.value)
      else call?.reject(rebuild(answer.error))
    })
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`The worker thread stopped (exit code ${code})`)))
    worker.once('online', () => resolve(thread))
    worker.once('error', reject)
  })
  const pool = createLazyPool<Thread<In, Out>>({
    size: options.size,
    idleMs: options.idleMs ?? 30_000,
    maxWaiting: options.maxWaiting ?? 64,
    taskTimeoutMs: options.taskTimeoutMs ?? 60_000,
    start,
    stop: async (thread) => { thread.alive = false; await thread.worker.terminate() },
    isUsable: (thread) => thread.alive,
  })
  return {
    run: (input) => pool.run((thread) => thread.call(input)),
    close: () => pool.close(),
  }
}

/** In a thread started by createTaskThreads: answers each task with the handler's value or error. */
export function serveTasks<In, Out> (handler: (input: In) => Promise<Out>): void {
  const port = parentPort
  if (!port) throw new Error('serveTasks runs in a worker thread')
  port.on('message', (input: In) => {
    handler(input).then(
      (value) => port.postMessage({ ok: true, value } satisfies Answer<Out>),
      (error: Error) => port.postMessage({ ok: false, error: { name: error.name, message: error.message } } satisfies Answer<Out>),
    )
  })
}
