import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, it } from 'node:test'
import pg from 'pg'
import { freePort } from '../helpers/free-port.ts'
import { type Env, type Hooks, spawnService, startService, waitForAnswer } from '../helpers/service-processes.ts'
import { describeUnless } from '../helpers/skip.ts'

// What an operator sees of a production deployment's checks: one start-up line per check, and the
// catalogue GET /api/services/resellable. Production needs PostgreSQL, so this runs in the
// PostgreSQL run, each deployment on a database of its own on that server.
const serverUrl = process.env.DATABASE_URL
const skip = serverUrl ? false : 'production needs PostgreSQL (DATABASE_URL is not set)'

const cleanups: Array<() => unknown> = []
const hooks: Hooks = { after: (fn) => { cleanups.push(fn) } }
const dirs: string[] = []
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const key = () => randomBytes(32).toString('base64url')

async function admin (sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try { await client.query(sql) } finally { await client.end() }
}

/** A fresh database on the test server, dropped when the file ends; its URL. */
async function freshDatabase (): Promise<string> {
  const name = `idcheck_production_${randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  cleanups.unshift(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  return url.href
}
const LIST = new URL('../fixtures/screening-lists/targets.simple.csv', import.meta.url).pathname

/** A production environment on a database of its own; `extra` adds or overrides settings. */
async function productionEnv (extra: Env = {}): Promise<Env> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'idcheck-production-')), 'data')
  dirs.push(dataDir)
  const env: Env = { ...process.env as Env }
  for (const name of ['DATABASE_URL', 'NODE_TEST_CONTEXT', 'SCREENING_PROVIDER', 'YENTE_URL', 'BAV_COP_URL', 'BAV_COP_TOKEN', 'BAV_COP_PROVIDER_NAME', 'LOG_LEVEL']) delete env[name]
  return {
    ...env, DATA_DIR: dataDir, DATABASE_URL: await freshDatabase(), IDCHECK_ENVIRONMENT: 'production', REDIS_URL: 'redis://127.0.0.1:6379',
    TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key(), METRICS_TOKEN: key(), LOG_LEVEL: 'info', HOST: '127.0.0.1', ...extra,
  }
}

async function cli (env: Env, args: string[]): Promise<string> {
  const run = spawnService({ args: ['src/cli/main.ts', ...args], env, hooks })
  const exit = await run.exited
  assert.equal(exit.code, 0, run.output())
  return run.stdout()
}

interface Started { checkLines: { level: number, checkType: string, provider?: string, msg: string }[], catalogue: unknown }

/** Starts the server, reads its start-up lines about checks, and asks for the catalogue as a reseller would. */
async function start (env: Env): Promise<Started> {
  const reseller = JSON.parse(await cli(env, ['reseller', 'create', '--name', 'Operator Test', '--services', 'all', '--json'])) as { clientId: string, clientSecret: string }
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = await startService({ args: ['src/server.ts'], env: { ...env, PORT: String(port) }, hooks }, (s) => waitForAnswer(s, `${base}/health/live`, 120_000))
  try {
    const auth = await (await fetch(`${base}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(reseller) })).json() as { accessToken: string }
    const res = await fetch(`${base}/api/services/resellable`, { headers: { authorization: `Bearer ${auth.accessToken}` } })
    assert.equal(res.status, 200)
    const checkLines = server.stdout().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((l) => typeof l.checkType === 'string')
    return { checkLines, catalogue: await res.json() }
  } finally {
    await server.stop()
  }
}

const INFO = 30
const WARN = 40
const KYC = { serviceId: 1, checkType: 'KYC', provider: 'idcheck-kyc' }
const EXTRACTION = { serviceId: 4, checkType: 'Document extraction', provider: 'idcheck-document-extraction' }
const RISK = { serviceId: 5, checkType: 'Document risk', provider: 'idcheck-document-risk' }
const line = (checkType: string, provider: string, msg: string) => ({ level: INFO, checkType, provider, msg })
const BAV_MODULUS_ONLY = 'BAV runs in production with idcheck-modulus: the modulus check only (no BAV_COP_URL): holders are not confirmed, so a valid account rates Medium at best'
const RISK_LINE = line('DocumentRisk', 'idcheck-document-risk', 'DocumentRisk runs in production with idcheck-document-risk')
const EXTRACTION_LINE = line('DocumentExtraction', 'idcheck-document-extraction', 'DocumentExtraction runs in production with idcheck-document-extraction')
const KYC_LINE = line('KYC', 'idcheck-kyc', 'KYC runs in production with idcheck-kyc')

describeUnless(skip, 'production: how each check runs, at start-up and in the catalogue', () => {
  it('when production starts with no list and no CoP provider, then one line per check, in the registered order, says how it runs or why AML is not offered, and the catalogue lists the four that run', async () => {
    const { checkLines, catalogue } = await start(await productionEnv())
    assert.deepEqual(checkLines.map(({ level, checkType, provider, msg }) => ({ level, checkType, provider, msg })), [
      line('BAV', 'idcheck-modulus', BAV_MODULUS_ONLY),
      { level: WARN, checkType: 'AML', provider: undefined, msg: 'AML is not offered: no sanctions or PEP list is imported (an operator imports one with idcheck screening import).' },
      KYC_LINE,
      EXTRACTION_LINE,
      RISK_LINE,
    ])
    assert.deepEqual(catalogue, [KYC, { serviceId: 2, checkType: 'BAV', provider: 'idcheck-modulus' }, EXTRACTION, RISK])
  })

  it('when a list is imported and a CoP provider is configured, then AML and BAV with CoP are offered, each named by its provider', async () => {
    const env = await productionEnv({ BAV_COP_URL: 'http://127.0.0.1:9/open-banking/v3.1/cop', BAV_COP_TOKEN: key() })
    await cli(env, ['screening', 'import', LIST, '--format', 'opensanctions-csv', '--source', 'opensanctions'])
    const { checkLines, catalogue } = await start(env)
    assert.deepEqual(checkLines.map(({ level, checkType, provider, msg }) => ({ level, checkType, provider, msg })), [
      line('BAV', 'idcheck-modulus + CoP (127.0.0.1:9)', 'BAV runs in production with idcheck-modulus + CoP (127.0.0.1:9): the modulus check, then Confirmation of Payee at 127.0.0.1:9 (timeout 10000 ms)'),
      line('AML', 'idcheck-screening', 'AML runs in production with idcheck-screening'),
      KYC_LINE,
      EXTRACTION_LINE,
      RISK_LINE,
    ])
    assert.deepEqual(catalogue, [
      KYC, { serviceId: 2, checkType: 'BAV', provider: 'idcheck-modulus + CoP (127.0.0.1:9)' },
      { serviceId: 3, checkType: 'AML', provider: 'idcheck-screening' }, EXTRACTION, RISK,
    ])
    for (const l of checkLines) assert.doesNotMatch(JSON.stringify(l), new RegExp(env.BAV_COP_TOKEN!), 'the CoP token is never logged')
  })

  it('when AML screens through yente, then AML is offered without a list, named idcheck-screening-yente', async () => {
    const { checkLines, catalogue } = await start(await productionEnv({ SCREENING_PROVIDER: 'yente', YENTE_URL: 'http://127.0.0.1:9' }))
    assert.deepEqual(checkLines.find((l) => l.checkType === 'AML'), { ...checkLines.find((l) => l.checkType === 'AML'), ...line('AML', 'idcheck-screening-yente', 'AML runs in production with idcheck-screening-yente') })
    assert.deepEqual((catalogue as { checkType: string, provider: string }[]).map((s) => [s.checkType, s.provider]), [
      ['KYC', 'idcheck-kyc'], ['BAV', 'idcheck-modulus'], ['AML', 'idcheck-screening-yente'], ['Document extraction', 'idcheck-document-extraction'], ['Document risk', 'idcheck-document-risk'],
    ])
  })
})
