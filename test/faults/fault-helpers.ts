import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import type { TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { adminQuery, type Env, givenDatabase } from '../helpers/service-processes.ts'
export { freePort } from '../helpers/free-port.ts'
export { adminQuery, type Answer, call, type Env, givenResellerByCli, type RunningApi, startApi, tokenFor } from '../helpers/service-processes.ts'

// Helpers of the fault tests (npm run test:faults): the real server as a child process (startApi), a
// database of its own, and the machine's PostgreSQL and Redis stopped and started again.

/**
 * The fault tests kill servers, restart the machine's shared PostgreSQL and stop its Redis: they run
 * only in `npm run test:faults` (serially), never inside `npm test`, whose glob also finds them.
 */
export const FAULTS_ENABLED = process.env.IDCHECK_FAULT_TESTS === '1' || process.env.npm_lifecycle_event === 'test:faults'
export const SKIP_UNLESS_FAULTS: string | false = FAULTS_ENABLED ? false : 'fault tests run only in `npm run test:faults` (or with IDCHECK_FAULT_TESTS=1)'

/** The machine's PostgreSQL (an admin connection: databases are created and dropped through it). */
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

/** Sandbox, one fixed signing key (tokens survive restarts), quiet logs. */
export function baseEnv (): Env {
  return {
    PATH: process.env.PATH ?? '',
    IDCHECK_ENVIRONMENT: 'sandbox',
    TOKEN_SIGNING_KEY: randomBytes(32).toString('base64url'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  }
}

/** A fresh database on the machine's PostgreSQL, dropped (WITH FORCE) when the test ends; its URL. */
export const freshDatabase = (t: TestContext): Promise<string> =>
  givenDatabase(t, ADMIN_URL, 'idcheck_faults', () => waitForPostgres(30_000).catch(() => {}))

// ---- the machine's services ----

function onPath (command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(`${dir}/${command}`))
}

function postgresVersion (): string | null {
  try {
    return readdirSync('/etc/postgresql').find((v) => /^\d+$/.test(v)) ?? null
  } catch {
    return null
  }
}

/** Why PostgreSQL cannot be restarted by this test, or null when it can. */
export async function postgresRestartUnavailable (): Promise<string | null> {
  if (!onPath('pg_ctlcluster')) return 'pg_ctlcluster is not installed: the PostgreSQL restart test needs the machine\'s own cluster'
  if (!postgresVersion()) return 'no cluster under /etc/postgresql'
  const url = new URL(ADMIN_URL)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return `DATABASE_URL points at ${url.hostname}, not this machine's cluster`
  try {
    await adminQuery(ADMIN_URL, 'SELECT 1')
  } catch (err) {
    return `PostgreSQL does not answer at ${ADMIN_URL}: ${(err as Error).message}`
  }
  return null
}

/** `pg_ctlcluster --skip-systemctl-redirect <version> main <action>` (as the machine starts it). */
export async function pgCtl (action: 'start' | 'stop' | 'restart'): Promise<void> {
  const version = postgresVersion()
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql')
  const args = ['--skip-systemctl-redirect', version, 'main', action] // stop and restart default to fast mode
  try {
    // Asynchronous: the test's own load clients keep running while PostgreSQL goes down and up.
    await promisify(execFile)('pg_ctlcluster', args, { timeout: 60_000 })
  } catch (err) {
    // "start" of a running cluster (or "stop" of a stopped one) exits 2; anything else is real.
    const text = `${(err as { stderr?: Buffer }).stderr ?? ''}`
    if (action === 'start' && /already running/i.test(text)) return
    if (action === 'stop' && /not running/i.test(text)) return
    throw new Error(`pg_ctlcluster ${args.join(' ')} failed: ${text || (err as Error).message}`)
  }
}

/** Until PostgreSQL accepts connections and answers a query. */
export async function waitForPostgres (timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await adminQuery(ADMIN_URL, 'SELECT 1')
      return
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not come back within ${timeoutMs} ms: ${(err as Error).message}`)
      await sleep(200)
    }
  }
}

/** Makes sure PostgreSQL runs and answers: used in finally blocks, so that other tests never find it down. */
export async function ensurePostgresUp (): Promise<void> {
  try {
    await waitForPostgres(3000)
    return
  } catch {}
  await pgCtl('start')
  await waitForPostgres(60_000)
}

const redisPort = () => new URL(REDIS_URL).port || '6379'

function redisCli (...args: string[]): string {
  return execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', redisPort(), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 }).trim()
}

export function redisAnswers (): boolean {
  try {
    return redisCli('ping') === 'PONG'
  } catch {
    return false
  }
}

/** Why Redis cannot be stopped and started by this test, or null when it can. */
export function redisRestartUnavailable (): string | null {
  if (!onPath('redis-server') || !onPath('redis-cli')) return 'redis-server / redis-cli are not installed: the Redis outage test needs the machine\'s own Redis'
  const url = new URL(REDIS_URL)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return `REDIS_URL points at ${url.hostname}, not this machine's Redis`
  if (!redisAnswers()) return `Redis does not answer on 127.0.0.1:${redisPort()}`
  return null
}

export async function stopRedis (): Promise<void> {
  try { redisCli('shutdown', 'nosave') } catch {} // the connection drops as it shuts down
  const deadline = Date.now() + 10_000
  while (redisAnswers()) {
    if (Date.now() > deadline) throw new Error('Redis is still answering 10 s after shutdown')
    await sleep(100)
  }
}

/** Starts Redis the way the machine does, unless it answers already; waits until it answers. */
export async function ensureRedisUp (): Promise<void> {
  if (redisAnswers()) return
  execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', redisPort(), '--save', '', '--appendonly', 'no',
    '--dir', '/var/lib/redis', '--logfile', '/var/log/redis/ci.log'], { stdio: 'pipe', timeout: 30_000 })
  const deadline = Date.now() + 20_000
  while (!redisAnswers()) {
    if (Date.now() > deadline) throw new Error('Redis did not answer 20 s after redis-server started')
    await sleep(100)
  }
}

export const isoNow = () => new Date().toISOString()

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL that can "partition" the network: while frozen,
 * nothing is forwarded either way (the sockets stay open and silent, as across a dead link), so a
 * query in flight neither answers nor fails; thawed, the buffered bytes flow again.
 */
export interface FreezableProxy { port: number, freeze (): void, thaw (): void, close (): Promise<void> }

export async function startFreezableProxy (targetHost: string, targetPort: number): Promise<FreezableProxy> {
  const { createConnection } = await import('node:net')
  let frozen = false
  const pairs = new Set<{ a: import('node:net').Socket, b: import('node:net').Socket }>()
  const server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort })
    const pair = { a: client, b: upstream }
    pairs.add(pair)
    const end = () => { pairs.delete(pair); client.destroy(); upstream.destroy() }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
    if (frozen) {
      client.pause()
      upstream.pause()
    } else {
      client.pipe(upstream)
      upstream.pipe(client)
    }
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return {
    port,
    freeze () {
      frozen = true
      for (const { a, b } of pairs) { a.unpipe(b); b.unpipe(a); a.pause(); b.pause() }
    },
    thaw () {
      frozen = false
      for (const { a, b } of pairs) { a.pipe(b); b.pipe(a); a.resume(); b.resume() }
    },
    async close () {
      for (const { a, b } of pairs) { a.destroy(); b.destroy() }
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
