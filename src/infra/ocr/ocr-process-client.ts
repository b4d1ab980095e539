import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfTooManyPages, PdfUnreadable, PoolBusy, PoolClosed, TaskTimedOut } from './ocr-errors.ts'
import type { OcrPool, OcrPoolOptions } from './ocr-pool.ts'
import type { OcrAnswer, OcrCall } from './ocr-process.ts'

const ENTRY = fileURLToPath(new URL('./ocr-process.ts', import.meta.url))

/** The errors a call can end with, rebuilt on this side so callers can tell them apart. */
const ERRORS: Record<string, { prototype: Error }> = { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfUnreadable, PdfTooManyPages, PoolBusy, PoolClosed, TaskTimedOut }

/** The OCR process died with calls in flight; asking again (the check's retry) starts a new one. */
export class OcrProcessExited extends Error {
  constructor (detail: string) {
    super(`The OCR process stopped (${detail}); the work can be tried again`)
    this.name = 'OcrProcessExited'
  }
}

/**
 * The OCR pool in a child process of its own, started on first use and stopped when idle: its
 * worker threads (about 200 MB each while they work, memory a process keeps until it exits) never
 * weigh on the API process, and a crash in a decoder cannot take the API down with it.
 */
export function createOcrProcess (options: OcrPoolOptions): OcrPool {
  const idleMs = options.idleMs ?? 30_000
  let child: ChildProcess | null = null
  let nextId = 1
  let closed = false
  let idleTimer: NodeJS.Timeout | undefined
  const pending = new Map<number, { resolve: (value: unknown) => void, reject: (err: Error) => void }>()

  const start = (): ChildProcess => {
    const started = fork(ENTRY, [JSON.stringify(options)], {
      serialization: 'advanced',
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    started.on('message', (answer: OcrAnswer) => {
      const call = pending.get(answer.id)
      if (!call) return
      pending.delete(answer.id)
      if ('error' in answer) call.reject(rebuild(answer.error))
      else call.resolve(answer.value)
      if (pending.size === 0) scheduleStop()
    })
    started.on('exit', (code, signal) => {
      if (child === started) child = null
      for (const [id, call] of pending) {
        pending.delete(id)
        call.reject(new OcrProcessExited(signal ? `signal ${signal}` : `exit code ${code}`))
      }
    })
    return started
  }

  const scheduleStop = () => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => { if (pending.size === 0) stopChild() }, idleMs)
    idleTimer.unref()
  }

  const stopChild = () => {
    const running = child
    child = null
    if (running?.connected) running.disconnect() // it closes its workers and exits
  }

  const call = <T>(method: OcrCall['method'], args: unknown[]): Promise<T> => {
    if (closed) return Promise.reject(new PoolClosed())
    clearTimeout(idleTimer)
    child ??= start()
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child!.send({ id, method, args } satisfies OcrCall)
    })
  }

  return {
    recognise: (image) => call('recognise', [image]),
    recogniseMrz: (image, opts) => call('recogniseMrz', [image, opts]),
    readPdfText: (pdf, opts) => call('readPdfText', [pdf, opts]),
    renderPdfPages: (pdf, pages, opts) => call('renderPdfPages', [pdf, pages, opts]),
    liveWorkers: () => child === null ? 0 : 1,
    async close () {
      closed = true
      clearTimeout(idleTimer)
      const running = child
      if (!running) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      stopChild()
      // A child that does not leave in time is stopped the hard way.
      const force = setTimeout(() => running.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(force)
    },
  }
}

function rebuild ({ name, message, fields }: { name: string, message: string, fields: Record<string, unknown> }): Error {
  const type = ERRORS[name]
  const err: Error = type ? Object.create(type.prototype) : new Error()
  return Object.assign(err, fields, { name, message })
}
