import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'

// The service as real processes, for the tests that run it so (test/processes, test/faults, test/cli,
// test/bav, test/webhooks) and for the benchmarks (bench/lib/processes.ts): start one, wait until it is
// ready, read what it wrote, stop it; and the operator CLI, admin queries on the machine's PostgreSQL,
// and plain HTTP calls.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export type Env = Record<string, string>

/** Where cleanups go: a test's context, or a suite's own list. */
export interface Hooks { after (fn: () => unknown): void }

export interface Exit { code: number | null, signal: NodeJS.Signals | null }

export interface ServiceProcess {
  readonly child: ChildProcess
  /** What it wrote so far: to stdout, to stderr, and to both in the order it came (nothing when quiet). */
  stdout (): string
  stderr (): string
  output (): string
  /** Its exit, once it has exited and all it wrote has been read. */
  readonly exited: Promise<Exit>
  hasExited (): boolean
  /** SIGTERM, then SIGKILL if it still runs after graceMs (idcheck gives itself 25 s); its exit. */
  stop (graceMs?: number): Promise<Exit>
  /**
   * SIGKILL. With `reap: false` it returns at once, before the dead process is reaped, as a container
   * runtime restarting it would: the next start must not mistake the zombie for a live holder.
   */
  kill (options?: { reap?: boolean }): Promise<void>
}

export interface ServiceCommand {
  /** The arguments of `command`: by default a script of the repo (`src/server.ts`) and its own. */
  args: string[]
  /** The whole environment: nothing of this process's is inherited. */
  env: Env
  /** The Node running this (the pinned one) unless told, e.g. bin/idcheck to start it as `npm start` does. */
  command?: string
  cwd?: string
  /** Drops stdout and passes stderr through: a benchmark's access log would fill memory. */
  quiet?: boolean
  /** SIGKILLs it when these run, should it still be running. */
  hooks?: Hooks
}

export function spawnService ({ args, env, command = process.execPath, cwd = ROOT, quiet = false, hooks }: ServiceCommand): ServiceProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', quiet ? 'ignore' : 'pipe', quiet ? 'inherit' : 'pipe'] })
  const text = { stdout: '', stderr: '', both: '' }
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => { text.stdout += chunk; text.both += chunk })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => { text.stderr += chunk; text.both += chunk })
  let failed = false
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }))
    child.on('error', (err) => { failed = true; text.both += `\n${command}: ${err.message}`; resolve({ code: null, signal: null }) })
  })
  const hasExited = () => failed || child.exitCode !== null || child.signalCode !== null
  const service: ServiceProcess = {
    child, exited, hasExited,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    output: () => text.both,
    async stop (graceMs = 30_000) {
      if (!hasExited()) child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
      try {
        return await exited
      } finally {
        clearTimeout(force)
      }
    },
    async kill ({ reap = true } = {}) {
      if (!hasExited()) child.kill('SIGKILL')
      if (reap) await exited
    },
  }
  hooks?.after(() => service.kill())
  return service
}

/** Spawns it and waits until `ready` resolves; it is SIGKILLed if `ready` throws. */
export async function startService (command: ServiceCommand, ready: (service: ServiceProcess) => Promise<unknown>): Promise<ServiceProcess> {
  const service = spawnService(command)
  try {
    await ready(service)
  } catch (err) {
    await service.kill()
    throw err
  }
  return service
}

/** Until `check` gives a value; throws, with what the process wrote, if it exits first or the time is up. */
async function whileRunning<T> (service: ServiceProcess, check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (service.hasExited()) {
      await Promise.race([service.exited, sleep(1000)]) // the last of its output
      throw new Error(`the process exited (${service.child.exitCode ?? service.child.signalCode}) while waiting for ${what}:\n${service.output()}`)
    }
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${service.output()}`)
    await sleep(100)
  }
}

/** Until what it wrote matches `pattern`; the match. */
export const waitForOutput = (service: ServiceProcess, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> =>
  whileRunning(service, () => pattern.exec(service.output()) ?? undefined, timeoutMs, `its output to match ${pattern}`)

/** Until `url` answers 200 (each try given 2 s, so a connection that hangs is tried again). */
export const waitForAnswer = (service: ServiceProcess, url: string, timeoutMs = 90_000): Promise<true> =>
  whileRunning(service, () => fetch(url, { signal: AbortSignal.timeout(2000) }).then(async (res) => {
    await res.body?.cancel()
    return res.status === 200 ? true : undefined
  }, () => undefined), timeoutMs, `${url} to answer 200`)

/** Fastify's log line once a process listens, with its address. */
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/

export interface RunningApi extends ServiceProcess { base: string }

/**
 * `src/server.ts`, once /health/ready answers 200: on `port` when given, otherwise on the env's PORT
 * (0: a port of its own, read from its log line, so that no other process can take it in between).
 */
export async function startApi (env: Env, { port, hooks }: { port?: number, hooks?: Hooks } = {}): Promise<RunningApi> {
  let base = port === undefined ? null : `http://127.0.0.1:${port}`
  const api = await startService({ args: ['src/server.ts'], env: port === undefined ? env : { ...env, PORT: String(port) }, hooks }, async (s) => {
    base ??= (await waitForOutput(s, LISTENING))[1]!
    await waitForAnswer(s, `${base}/health/ready`)
  })
  return { ...api, base: base! }
}

export interface RunningWorker extends ServiceProcess {
  /** Where it serves its health probes and /metrics (WORKER_PORT), or null without a listener. */
  base: string | null
}

/** `src/worker.ts`, once it says it is processing jobs. */
export async function startWorker (env: Env, { hooks }: { hooks?: Hooks } = {}): Promise<RunningWorker> {
  const worker = await startService({ args: ['src/worker.ts'], env, hooks }, (s) => waitForOutput(s, /worker started/))
  return { ...worker, base: LISTENING.exec(worker.output())?.[1] ?? null }
}

/** The operator CLI (`src/cli/main.ts`) on the Node running the tests (the pinned one); its stdout. */
export async function runCli (env: Env, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['src/cli/main.ts', ...args], { cwd: ROOT, env, timeout: 120_000 })
  return stdout
}

export interface Credentials { id: number, clientId: string, clientSecret: string }

/** A reseller with every service, onboarded by the CLI as an operator does, and optionally its rate limit raised. */
export async function givenResellerByCli (env: Env, options: { name?: string, rateLimit?: number } = {}): Promise<Credentials> {
  const name = options.name ?? `Reseller ${randomBytes(4).toString('hex')}`
  const reseller = JSON.parse(await runCli(env, ['reseller', 'create', '--name', name, '--services', 'all', '--json'])) as Credentials
  if (options.rateLimit !== undefined) await runCli(env, ['account', 'rate-limit', String(reseller.id), String(options.rateLimit)])
  return reseller
}

export async function adminQuery<T = Record<string, unknown>> (url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows as T[]
  } finally {
    await client.end()
  }
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl`, dropped (WITH FORCE) when the test
 * ends, after `beforeDrop` (a test that restarts PostgreSQL waits for it there); its URL.
 */
export async function givenDatabase (t: Hooks, adminUrl: string, prefix: string, beforeDrop?: () => Promise<unknown>): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`)
  t.after(async () => {
    await beforeDrop?.()
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON; null when it is empty or not JSON. */
  json: any
  /** From sending the request to the whole body read. */
  ms: number
}

/** One HTTP call; throws on a network error or when no answer comes within timeoutMs. */
export async function call (base: string, method: string, path: string, token: string | null, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token !== null && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await res.text()
  let json: unknown = null
  try { json = text === '' ? null : JSON.parse(text) } catch {}
  return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started }
}

export async function tokenFor (base: string, credentials: { clientId: string, clientSecret: string }): Promise<string> {
  const res = await call(base, 'POST', '/api/authenticate', null, { clientId: credentials.clientId, clientSecret: credentials.clientSecret })
  if (res.status !== 200) throw new Error(`authenticate answered ${res.status}: ${res.text}`)
  return res.json.accessToken
}
