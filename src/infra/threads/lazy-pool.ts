/** The pool was closed: nothing more runs on it. */
export class PoolClosed extends Error {
  constructor () {
    super('The worker pool is closed')
    this.name = 'PoolClosed'
  }
}

/** More tasks are waiting than the pool accepts: the caller should retry later. */
export class PoolBusy extends Error {
  constructor (waiting: number) {
    super(`The worker pool is busy: ${waiting} tasks are already waiting`)
    this.name = 'PoolBusy'
  }
}

/** A task ran longer than the pool allows; its worker was stopped. */
export class TaskTimedOut extends Error {
  constructor (ms: number) {
    super(`The task took longer than ${ms} ms and was stopped`)
    this.name = 'TaskTimedOut'
  }
}

export interface LazyPoolOptions<W> {
  /** At most this many workers at once. */
  size: number
  /** A worker with nothing to do for this long is stopped, giving its memory back. */
  idleMs: number
  /** Tasks waiting for a worker beyond this are refused with PoolBusy. */
  maxWaiting: number
  /** A task running longer is rejected with TaskTimedOut and its worker stopped. */
  taskTimeoutMs: number
  start: () => Promise<W>
  stop: (worker: W) => Promise<void>
  /** False when a worker can no longer be used (its thread died): it is dropped after its task. */
  isUsable?: (worker: W) => boolean
}

/** Workers started on demand, stopped when idle, with a bounded queue in front. */
export interface LazyPool<W> {
  run<T> (task: (worker: W) => Promise<T>): Promise<T>
  /** Workers alive now (started, not yet stopped). */
  liveWorkers (): number
  /** Refuses new tasks, rejects the waiting ones, waits for the running ones, stops every worker. */
  close (): Promise<void>
}

interface Slot<W> { worker: W, busy: boolean, idleTimer?: NodeJS.Timeout }
interface Waiting<W> { task: (worker: W) => Promise<unknown>, resolve: (value: unknown) => void, reject: (error: unknown) => void }

export function createLazyPool<W> (options: LazyPoolOptions<W>): LazyPool<W> {
  const slots: Slot<W>[] = []
  const waiting: Waiting<W>[] = []
  const running = new Set<Promise<void>>()
  const starting = new Set<Promise<void>>()
  const stopping = new Set<Promise<void>>()
  let closed = false

  const stop = (worker: W) => {
    const stopped: Promise<void> = options.stop(worker).catch(() => {}).finally(() => stopping.delete(stopped))
    stopping.add(stopped)
  }
  const retire = (slot: Slot<W>) => {
    clearTimeout(slot.idleTimer)
    const index = slots.indexOf(slot)
    if (index >= 0) slots.splice(index, 1)
    stop(slot.worker)
  }

  const startWorker = () => {
    const started: Promise<void> = options.start().then((worker) => {
      if (closed) return stop(worker)
      slots.push({ worker, busy: false })
    }, (error: unknown) => {
      // No worker to give it: the task that asked for one fails with the reason.
      waiting.shift()?.reject(error)
    }).finally(() => {
      starting.delete(started)
      dispatch()
    })
    starting.add(started)
  }

  const runOn = (slot: Slot<W>, job: Waiting<W>) => {
    slot.busy = true
    clearTimeout(slot.idleTimer)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new TaskTimedOut(options.taskTimeoutMs)), options.taskTimeoutMs)
    })
    let timedOut = false
    const done: Promise<void> = Promise.race([job.task(slot.worker), timeout]).then(job.resolve, (error: unknown) => {
      timedOut = error instanceof TaskTimedOut
      job.reject(error)
    }).finally(() => {
      clearTimeout(timer)
      running.delete(done)
      slot.busy = false
      if (timedOut || closed || (options.isUsable && !options.isUsable(slot.worker))) retire(slot)
      else slot.idleTimer = setTimeout(() => { if (!slot.busy) retire(slot) }, options.idleMs).unref()
      dispatch()
    })
    running.add(done)
  }

  const dispatch = () => {
    while (!closed && waiting.length > 0) {
      const idle = slots.find((slot) => !slot.busy)
      if (idle) {
        runOn(idle, waiting.shift()!)
      } else if (slots.length + starting.size < options.size && starting.size < waiting.length) {
        startWorker()
      } else {
        return
      }
    }
  }

  return {
    run<T> (task: (worker: W) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new PoolClosed())
      if (waiting.length >= options.maxWaiting) return Promise.reject(new PoolBusy(waiting.length))
      return new Promise<T>((resolve, reject) => {
        waiting.push({ task, resolve: resolve as (value: unknown) => void, reject })
        dispatch()
      })
    },
    liveWorkers: () => slots.length + starting.size,
    async close () {
      closed = true
      for (const job of waiting.splice(0)) job.reject(new PoolClosed())
      await Promise.allSettled([...running, ...starting])
      for (const slot of slots.slice()) retire(slot)
      await Promise.allSettled([...stopping])
    },
  }
}
