import { type ChildProcess, fork } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { type Caller, createCaller } from '../messaging/messaging-caller.ts'
import { childProcessEndpoint } from '../messaging/messaging-endpoints.ts'
import { type ErrorClasses, rebuildError, type WireError } from '../messaging/messaging-wire.ts'
import { residentBytes } from '../sandbox/process-memory.ts'
import { SandboxTimedOut } from '../sandbox/sandbox-errors.ts'
import { createTenantQueue } from '../sandbox/tenant-queue.ts'
import { ImageUnreadable, PoolBusy, PoolClosed } from './ocr-errors.ts'
import type { LineReading, OcrResult, RecogniseOptions, TesseractPoolOptions } from './ocr-pool.ts'
import type { OcrCall } from './ocr-process.ts'

const ENTRY = fileURLToPath(new URL('./ocr-process.ts', import.meta.url))

/**
 * What tesseract's image library (Leptonica) prints about a page it was given ("Error in
 * boxClipToRectangle: box outside rectangle"): the call's own result or error says what matters,
 * and an operator can do nothing with these. The OCR process's other stderr lines pass through.
 */
const LIBRARY_NOTE = /^(Error|Warning) in \w+: |^(Estimating resolution as|Detected \d+ diacritics|Image too small to scale|Line cannot be recognized)/
export const isLibraryNote = (line: string): boolean => LIBRARY_NOTE.test(line)

/** The errors a call can end with, rebuilt on this side so callers can tell them apart. */
const ERRORS: ErrorClasses = { ImageUnreadable, PoolBusy, PoolClosed }

/** The OCR process died with calls in flight; asking again (the check's retry) starts a new one. */
export class OcrProcessExited extends Error {
  constructor (detail: string) {
    super(`The OCR process stopped (${detail}); the work can be tried again`)
    this.name = 'OcrProcessExited'
  }
}

export interface OcrProcessOptions extends TesseractPoolOptions {
  /** The process is killed when its resident memory grows this far past its size at start. */
  memoryMb: number
  /** A call running longer fails with SandboxTimedOut (its tesseract worker is stopped). */
  callTimeoutMs: number
  /** Calls waiting beyond this are refused with PoolBusy. Default 64. */
  maxWaiting?: number
}

/** Tesseract in a child process of its own: each call names its tenant, and tenants are served in turn. */
export interface OcrProcess {
  recognise (tenant: string | number, image: Uint8Array, options?: RecogniseOptions): Promise<OcrResult>
  recogniseLines (tenant: string | number, lines: Uint8Array[], options: { characters: string }): Promise<LineReading[]>
  /** 1 while the process is alive. */
  liveWorkers (): number
  close (): Promise<void>
}

interface Call { method: OcrCall['method'], args: unknown[], resolve: (value: unknown) => void, reject: (err: Error) => void }
interface OcrChild { process: ChildProcess, calls: Caller<OcrCall> }

/**
 * The tesseract pool in a child process, started on first use and stopped when idle: its worker
 * threads (about 200 MB each while they work, memory a process keeps until it exits) never weigh
 * on the API process, and a crash in a decoder cannot take the API down with it. A watchdog kills
 * it past its memory budget; at most `workers` calls run at once, the rest wait their tenant's turn.
 */
export function createOcrProcess (options: OcrProcessOptions): OcrProcess {
  const idleMs = options.idleMs ?? 30_000
  const maxWaiting = options.maxWaiting ?? 64
  const waiting = createTenantQueue<Call>()
  let child: OcrChild | null = null
  /** Calls sent and not yet answered, over this child and one stopping after its idle time. */
  let running = 0
  let closed = false
  let idleTimer: NodeJS.Timeout | undefined

  const start = (): OcrChild => {
    const started = fork(ENTRY, [JSON.stringify({ ...options, taskTimeoutMs: options.callTimeoutMs })], {
      serialization: 'advanced',
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    })
    createInterface({ input: started.stderr! }).on('line', (line) => { if (!isLibraryNote(line)) process.stderr.write(`${line}\n`) })
    const endpoint = childProcessEndpoint(started)
    let killedForMemory = false
    let idleRss = 0
    // Only its own calls fail when it goes: a child stopped when idle may leave after its successor took new ones.
    const calls = createCaller<OcrCall>(endpoint, {
      rebuildError: (error) => rebuild(error, options.callTimeoutMs),
      errorWhenGone: ({ code, signal }) => new OcrProcessExited(killedForMemory ? `it used more than ${options.memoryMb} MB` : signal ? `signal ${signal}` : `exit code ${code}`),
      // Its size once loaded is the base its budget is counted from.
      onNotice: (message) => { if ((message as { ready?: true }).ready) idleRss = residentBytes(started.pid!) ?? 0 },
    })
    const watchdog = setInterval(() => {
      const rss = residentBytes(started.pid!)
      if (rss !== null && idleRss > 0 && rss > idleRss + options.memoryMb * 1024 * 1024 && calls.inFlight > 0) {
        killedForMemory = true
        started.kill('SIGKILL')
      }
    }, 100)
    watchdog.unref()
    const made = { process: started, calls }
    endpoint.onEnd(() => {
      clearInterval(watchdog)
      if (child === made) child = null
      dispatch()
    })
    return made
  }

  const stopChild = () => {
    const stopping = child
    child = null
    if (stopping?.process.connected) stopping.process.disconnect() // it closes its workers and exits
  }

  const dispatch = () => {
    while (!closed && waiting.size > 0 && running < options.workers) {
      clearTimeout(idleTimer)
      child ??= start()
      const call = waiting.shift()!
      const on = child
      // A backstop past the child's own limit: a process that stops answering is killed.
      const timer = setTimeout(() => on.process.kill('SIGKILL'), options.callTimeoutMs + 10_000)
      running++
      on.calls.call({ method: call.method, args: call.args }).then(call.resolve, call.reject).finally(() => {
        clearTimeout(timer)
        running--
        dispatch()
      })
    }
    if (running === 0 && waiting.size === 0 && child) {
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => { if (running === 0) stopChild() }, idleMs)
      idleTimer.unref()
    }
  }

  const call = <T>(tenant: string | number, method: OcrCall['method'], args: unknown[]): Promise<T> => {
    if (closed) return Promise.reject(new PoolClosed())
    if (waiting.size >= maxWaiting) return Promise.reject(new PoolBusy(waiting.size))
    return new Promise<T>((resolve, reject) => {
      waiting.push(String(tenant), { method, args, resolve: resolve as (value: unknown) => void, reject })
      dispatch()
    })
  }

  return {
    recognise: (tenant, image, recogniseOptions) => call(tenant, 'recognise', [image, recogniseOptions]),
    recogniseLines: (tenant, lines, lineOptions) => call(tenant, 'recogniseLines', [lines, lineOptions]),
    liveWorkers: () => child === null ? 0 : 1,
    async close () {
      closed = true
      clearTimeout(idleTimer)
      for (const waitingCall of waiting.drain()) waitingCall.reject(new PoolClosed())
      const last = child?.process
      if (!last) return
      const exited = new Promise<void>((resolve) => last.once('exit', () => resolve()))
      stopChild()
      // A child that does not leave in time is stopped the hard way.
      const force = setTimeout(() => last.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(force)
    },
  }
}

function rebuild (error: WireError, timeoutMs: number): Error {
  // The child's pool stopped the worker: the image took too long, a final answer about the file.
  return error.name === 'TaskTimedOut' ? new SandboxTimedOut(timeoutMs) : rebuildError(error, ERRORS)
}
