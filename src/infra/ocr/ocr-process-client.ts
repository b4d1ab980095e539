import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { residentBytes } from '../sandbox/process-memory.ts'
import { SandboxTimedOut } from '../sandbox/sandbox-errors.ts'
import { createTenantQueue } from '../sandbox/tenant-queue.ts'
import { ImageUnreadable, PoolBusy, PoolClosed } from './ocr-errors.ts'
import type { MrzLine, OcrResult, TesseractPoolOptions } from './ocr-pool.ts'
import type { OcrAnswer, OcrCall } from './ocr-process.ts'

const ENTRY = fileURLToPath(new URL('./ocr-process.ts', import.meta.url))

/** The errors a call can end with, rebuilt on this side so callers can tell them apart. */
const ERRORS: Record<string, { prototype: Error }> = { ImageUnreadable, PoolBusy, PoolClosed }

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
  recognise (tenant: string | number, image: Uint8Array): Promise<OcrResult>
  recogniseLines (tenant: string | number, lines: Uint8Array[]): Promise<MrzLine[]>
  /** 1 while the process is alive. */
  liveWorkers (): number
  close (): Promise<void>
}

interface Call { method: OcrCall['method'], args: unknown[], resolve: (value: unknown) => void, reject: (err: Error) => void }

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
  const inFlight = new Map<number, Call & { timer: NodeJS.Timeout, child: ChildProcess }>()
  let child: ChildProcess | null = null
  let nextId = 1
  let closed = false
  let idleTimer: NodeJS.Timeout | undefined

  const start = (): ChildProcess => {
    const started = fork(ENTRY, [JSON.stringify({ ...options, taskTimeoutMs: options.callTimeoutMs })], {
      serialization: 'advanced',
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let killedForMemory = false
    let idleRss = 0
    const watchdog = setInterval(() => {
      const rss = residentBytes(started.pid!)
      if (rss !== null && idleRss > 0 && rss > idleRss + options.memoryMb * 1024 * 1024 && [...inFlight.values()].some((c) => c.child === started)) {
        killedForMemory = true
        started.kill('SIGKILL')
      }
    }, 100)
    watchdog.unref()
    started.on('message', (answer: OcrAnswer | { ready: true }) => {
      // Its size once loaded is the base its budget is counted from.
      if ('ready' in answer) return void (idleRss = residentBytes(started.pid!) ?? 0)
      const call = inFlight.get(answer.id)
      if (!call) return
      inFlight.delete(answer.id)
      clearTimeout(call.timer)
      if ('error' in answer) call.reject(rebuild(answer.error, options.callTimeoutMs))
      else call.resolve(answer.value)
      dispatch()
    })
    let left = false
    const gone = (code: number | null, signal: NodeJS.Signals | null) => {
      if (left) return
      left = true
      clearInterval(watchdog)
      if (child === started) child = null
      const detail = killedForMemory ? `it used more than ${options.memoryMb} MB` : signal ? `signal ${signal}` : `exit code ${code}`
      // Only its own calls: a child stopped when idle may leave after its successor took new ones.
      for (const [id, call] of inFlight) {
        if (call.child !== started) continue
        inFlight.delete(id)
        clearTimeout(call.timer)
        call.reject(new OcrProcessExited(detail))
      }
      dispatch()
    }
    started.on('exit', gone)
    // Spawning failed (no memory or no process slots left): its calls fail as if it had died.
    started.on('error', () => { if (started.exitCode === null && started.pid === undefined) gone(null, null) })
    return started
  }

  const stopChild = () => {
    const running = child
    child = null
    if (running?.connected) running.disconnect() // it closes its workers and exits
  }

  const dispatch = () => {
    while (!closed && waiting.size > 0 && inFlight.size < options.workers) {
      clearTimeout(idleTimer)
      child ??= start()
      const call = waiting.shift()!
      const id = nextId++
      const running = child
      // A backstop past the child's own limit: a process that stops answering is killed.
      const timer = setTimeout(() => running.kill('SIGKILL'), options.callTimeoutMs + 10_000)
      inFlight.set(id, { ...call, timer, child: running })
      try {
        running.send({ id, method: call.method, args: call.args } satisfies OcrCall)
      } catch {
        running.kill('SIGKILL') // its channel is gone: its exit fails the call as retryable
      }
    }
    if (inFlight.size === 0 && waiting.size === 0 && child) {
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => { if (inFlight.size === 0) stopChild() }, idleMs)
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
    recognise: (tenant, image) => call(tenant, 'recognise', [image]),
    recogniseLines: (tenant, lines) => call(tenant, 'recogniseLines', [lines]),
    liveWorkers: () => child === null ? 0 : 1,
    async close () {
      closed = true
      clearTimeout(idleTimer)
      for (const waitingCall of waiting.drain()) waitingCall.reject(new PoolClosed())
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

function rebuild ({ name, message, fields }: { name: string, message: string, fields: Record<string, unknown> }, timeoutMs: number): Error {
  // The child's pool stopped the worker: the image took too long, a final answer about the file.
  if (name === 'TaskTimedOut') return new SandboxTimedOut(timeoutMs)
  const type = ERRORS[name]
  const err: Error = type ? Object.create(type.prototype) : new Error()
  return Object.assign(err, fields, { name, message })
}
