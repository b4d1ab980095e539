import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type Caller, createCaller } from '../messaging/messaging-caller.ts'
import { childProcessEndpoint, type EndOfOtherSide } from '../messaging/messaging-endpoints.ts'
import { type ErrorClasses, rebuildError, type WireError } from '../messaging/messaging-wire.ts'
import { residentBytes } from './process-memory.ts'
import { SandboxBusy, SandboxClosed, SandboxCrashed, SandboxMemoryExceeded, SandboxStartFailed, SandboxTimedOut } from './sandbox-errors.ts'
import type { SandboxReady, SandboxRequest, SandboxSetup } from './sandbox-protocol.ts'
import { createTenantQueue } from './tenant-queue.ts'

const ENTRY = fileURLToPath(new URL('./sandbox-process.ts', import.meta.url))

export interface SandboxPoolOptions {
  /** Modules each exporting `tasks` (a TaskTable) or `createTasks(settings)`, loaded by every sandbox process before its memory is capped. */
  modules: URL[]
  /** Plain values given to each module's `createTasks` (the child reads no configuration of its own). */
  settings?: Record<string, unknown>
  /** At most this many processes at once, each running one task at a time. */
  size: number
  /** Memory a task may use above its process's idle size: V8 heap, Buffers and native memory together. */
  memoryMb: number
  /** A task running longer is stopped, its process killed. */
  timeoutMs: number
  /** A process idle this long leaves. Default 30 s. */
  idleMs?: number
  /** Tasks waiting beyond this are refused with SandboxBusy (each holds its input). Default 64. */
  maxWaiting?: number
  /** Errors thrown by tasks come back as these classes, found by name, so callers can tell them apart. */
  errors?: ErrorClasses
  /** The processes' scheduling priority: the API's requests come first. Default 10. */
  nice?: number
  /** How often the resident-memory watchdog looks while a task runs. Default 50 ms. */
  watchMs?: number
}

export interface SandboxPool {
  /**
   * Runs the task named `op` on `input` in a sandbox process; tenants' tasks are served in turn.
   * Rejects with SandboxMemoryExceeded, SandboxTimedOut or SandboxCrashed when the task itself is
   * at fault, SandboxBusy when too many wait, or the task's own error.
   */
  run<Out> (tenant: string | number, op: string, input: unknown, options?: { timeoutMs?: number }): Promise<Out>
  /** Processes alive now (starting or started). */
  liveProcesses (): number
  /** Refuses new tasks, rejects the waiting ones, waits for the running ones, stops every process. */
  close (): Promise<void>
}

interface Job { op: string, input: unknown, timeoutMs: number, resolve: (value: unknown) => void, reject: (error: Error) => void }

interface Sandbox {
  child: ChildProcess
  tasks: Caller<SandboxRequest>
  ready: boolean
  idleRss: number
  job: Job | null
  killedFor: 'memory' | 'time' | null
  stderrTail: string
  timers: NodeJS.Timeout[]
  idleTimer?: NodeJS.Timeout
  exited: Promise<void>
}

/**
 * Child processes for parsing untrusted bytes: each loads the task modules, caps its own data
 * segment (which counts ArrayBuffers and native memory, unlike a thread's heap limit), and runs one
 * task at a time, so a death or an overrun is the fault of exactly one task. The parent watches
 * each running task's resident memory and time and kills its process past either budget.
 */
export function createSandboxPool (options: SandboxPoolOptions): SandboxPool {
  const idleMs = options.idleMs ?? 30_000
  const maxWaiting = options.maxWaiting ?? 64
  const memoryBytes = options.memoryMb * 1024 * 1024
  const setup: SandboxSetup = { modules: options.modules.map(String), memoryMb: options.memoryMb, nice: options.nice ?? 10, settings: options.settings ?? {} }
  const waiting = createTenantQueue<Job>()
  const boxes = new Set<Sandbox>()
  const running = new Set<Promise<void>>()
  let closed = false

  const rebuild = (error: WireError): Error =>
    error.name === 'SandboxMemoryExceeded' ? new SandboxMemoryExceeded(options.memoryMb) : rebuildError(error, options.errors)

  const blame = (box: Sandbox, { code, signal }: EndOfOtherSide, job: Job): Error => {
    if (box.killedFor === 'time') return new SandboxTimedOut(job.timeoutMs)
    // V8 aborts when the capped heap cannot grow: that is the memory budget too.
    if (box.killedFor === 'memory' || signal === 'SIGABRT' || signal === 'SIGTRAP' || /out of memory|allocation failed/i.test(box.stderrTail)) {
      return new SandboxMemoryExceeded(options.memoryMb)
    }
    return new SandboxCrashed(signal ? `signal ${signal}` : `exit code ${code}`)
  }

  const stopTimers = (box: Sandbox) => {
    for (const timer of box.timers) clearTimeout(timer)
    box.timers = []
  }

  const retire = (box: Sandbox) => {
    clearTimeout(box.idleTimer)
    boxes.delete(box)
    if (box.child.connected) box.child.disconnect() // it leaves on its own
    setTimeout(() => box.child.kill('SIGKILL'), 5_000).unref()
  }

  const kill = (box: Sandbox, reason: 'memory' | 'time') => {
    if (box.killedFor) return
    box.killedFor = reason
    box.child.kill('SIGKILL')
  }

  const finish = (box: Sandbox, settle: (job: Job) => void) => {
    const job = box.job
    if (!job) return
    stopTimers(box)
    box.job = null
    settle(job)
    if (boxes.has(box)) {
      if (closed) retire(box)
      else box.idleTimer = setTimeout(() => { if (!box.job) retire(box) }, idleMs).unref()
    }
    dispatch()
  }

  const start = () => {
    const child = fork(ENTRY, [JSON.stringify(setup)], {
      serialization: 'advanced',
      // The heap's own ceiling, so V8 stops at the budget before the data cap fails it mid-allocation.
      execArgv: ['--disable-warning=ExperimentalWarning', `--max-old-space-size=${options.memoryMb}`],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    })
    const endpoint = childProcessEndpoint(child)
    let onExit!: () => void
    const box: Sandbox = {
      child,
      tasks: createCaller<SandboxRequest>(endpoint, {
        rebuildError: rebuild,
        errorWhenGone: (end) => box.job ? (closed && !box.killedFor ? new SandboxClosed() : blame(box, end, box.job)) : new SandboxClosed(),
        onNotice (message) {
          if (!(message as SandboxReady).ready) return
          box.ready = true
          box.idleRss = residentBytes(child.pid!) ?? 0
          dispatch()
        },
      }),
      ready: false,
      idleRss: 0,
      job: null,
      killedFor: null,
      stderrTail: '',
      timers: [],
      exited: new Promise((resolve) => { onExit = resolve }),
    }
    boxes.add(box)
    // Kept, not shown: a V8 out-of-memory report names the cause of a death.
    child.stderr!.on('data', (chunk: Buffer) => { box.stderrTail = (box.stderrTail + chunk.toString('latin1')).slice(-4096) })
    endpoint.onEnd(({ code }) => {
      boxes.delete(box)
      clearTimeout(box.idleTimer)
      onExit()
      // Its task, if any, fails through the caller (errorWhenGone above).
      if (!box.job && !box.ready && !closed) {
        // It could not even start (a broken install): the task that asked for it learns why, and no other is tried in a loop.
        waiting.shift()?.reject(new SandboxStartFailed(`exit code ${code}, ${box.stderrTail.trim().split('\n').at(-1) || 'no message'}`))
      }
      dispatch()
    })
  }

  const runOn = (box: Sandbox, job: Job) => {
    clearTimeout(box.idleTimer)
    box.job = job
    box.stderrTail = ''
    const pid = box.child.pid!
    box.timers.push(setTimeout(() => kill(box, 'time'), job.timeoutMs))
    box.timers.push(setInterval(() => {
      const rss = residentBytes(pid)
      if (rss !== null && rss > box.idleRss + memoryBytes) kill(box, 'memory')
    }, options.watchMs ?? 50))
    const done = new Promise<void>((resolve) => {
      const settle = { resolve: job.resolve, reject: job.reject }
      job.resolve = (value) => { resolve(); settle.resolve(value) }
      job.reject = (error) => { resolve(); settle.reject(error) }
    }).finally(() => running.delete(done))
    running.add(done)
    box.tasks.call({ op: job.op, input: job.input, timeoutMs: job.timeoutMs }).then(
      (value) => finish(box, (settled) => settled.resolve(value)),
      (error: Error) => {
        if (error instanceof SandboxMemoryExceeded) boxes.delete(box) // it leaves after answering (or has left)
        finish(box, (settled) => settled.reject(error))
      },
    )
  }

  const dispatch = () => {
    while (!closed && waiting.size > 0) {
      const idle = [...boxes].find((box) => box.ready && !box.job && !box.killedFor)
      if (idle) {
        runOn(idle, waiting.shift()!)
        continue
      }
      const starting = [...boxes].filter((box) => !box.ready).length
      if (boxes.size < options.size && starting < waiting.size) start()
      else return
    }
  }

  return {
    run<Out> (tenant: string | number, op: string, input: unknown, runOptions: { timeoutMs?: number } = {}): Promise<Out> {
      if (closed) return Promise.reject(new SandboxClosed())
      if (waiting.size >= maxWaiting) return Promise.reject(new SandboxBusy(waiting.size))
      return new Promise<Out>((resolve, reject) => {
        waiting.push(String(tenant), { op, input, timeoutMs: runOptions.timeoutMs ?? options.timeoutMs, resolve: resolve as (value: unknown) => void, reject })
        dispatch()
      })
    },
    liveProcesses: () => boxes.size,
    async close () {
      closed = true
      for (const job of waiting.drain()) job.reject(new SandboxClosed())
      // A file still being read is not waited for: a closing process must not outlive its shutdown
      // budget, nor leave a busy child behind (its task fails with SandboxClosed).
      const all = [...boxes]
      for (const box of all) if (box.job) box.child.kill('SIGKILL')
      await Promise.allSettled([...running])
      for (const box of all) retire(box)
      await Promise.all(all.map((box) => box.exited))
    },
  }
}
