import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { migratedDataDir } from '../helpers/embedded-database.ts'
import { freePort } from '../helpers/free-port.ts'
import { type Env, type Exit, type Hooks, type ServiceProcess, spawnService, startService, waitForAnswer } from '../helpers/service-processes.ts'
import { describeUnless } from '../helpers/skip.ts'

// These tests are about the embedded mode (PGlite files in DATA_DIR); the PostgreSQL run skips them.
const skip = process.env.DATABASE_URL ? 'embedded mode only (DATABASE_URL is set)' : false

const EX_USAGE = 64

const tempDirs: string[] = []
// Processes still running when the file ends are SIGKILLed (last started, first), then the temp dirs go.
const cleanups: Array<() => unknown> = []
const fileHooks: Hooks = { after: (fn) => { cleanups.push(fn) } }
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

/** A path for a data directory that does not exist yet, inside a temp dir of this test run. */
function freshDataDir (): string {
  const parent = mkdtempSync(join(tmpdir(), 'idcheck-cli-test-'))
  tempDirs.push(parent)
  return join(parent, 'data')
}

function childEnv (dataDir: string, extra: Record<string, string> = {}): Env {
  const env: Env = { ...process.env as Env, DATA_DIR: dataDir, ...extra }
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TOKEN_SIGNING_KEY', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEYS_PREVIOUS', 'PORT', 'LOG_LEVEL', 'IDCHECK_ENVIRONMENT', 'NODE_TEST_CONTEXT']) {
    if (!(name in extra)) delete env[name]
  }
  return env
}

interface Run extends Exit { stdout: string, stderr: string }

async function runCli (dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  const cli = spawnService({ args: ['src/cli/main.ts', ...args], env: childEnv(dataDir, extraEnv), hooks: fileHooks })
  return { ...await cli.exited, stdout: cli.stdout(), stderr: cli.stderr() }
}

interface RunningServer extends ServiceProcess { base: string }

async function startServer (dataDir: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = await startService({
    args: ['src/server.ts'],
    env: childEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...extraEnv }),
    hooks: fileHooks,
  }, async (s) => {
    // A first start runs initdb and imports the sandbox list; beside the rest of the suite on 2 cores it can take a minute.
    await waitForAnswer(s, `${base}/health/live`, 150_000)
    await sleep(300) // the first-start banner is written after listen(); wait until the server is quiet
  })
  return { ...server, base }
}

async function authenticate (base: string, clientId: string, clientSecret: string) {
  return fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret }),
  })
}

async function pingWith (base: string, token: string) {
  return fetch(`${base}/api/Ping`, { headers: { authorization: `Bearer ${token}` } })
}

/** The lines pino wrote (JSON objects), leaving out banners and other plain text. */
function jsonLogLines (text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('{') && line.endsWith('}'))
}

/** Every regular file under dir whose bytes contain the needle. */
function filesContaining (dir: string, needle: string): string[] {
  const found: string[] = []
  const bytes = Buffer.from(needle)
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    if (readFileSync(path).includes(bytes)) found.push(path)
  }
  return found
}

async function createReseller (dataDir: string, name: string) {
  const run = await runCli(dataDir, ['reseller', 'create', '--name', name, '--services', 'all', '--json'])
  assert.equal(run.code, 0, run.stderr)
  return JSON.parse(run.stdout) as { id: number, clientId: string, clientSecret: string }
}

// Every test has its own data directory, so they may run side by side (each CLI run starts PGlite: seconds);
// most start from a copy of one already migrated (test/helpers/embedded-database.ts), as only some are about a first start.
describeUnless(skip, 'idcheck CLI', { concurrency: 2 }, () => {
  it('when "reseller create --json" runs, then stdout is exactly one JSON line with id, clientId and clientSecret', async () => {
    const run = await runCli(migratedDataDir(), ['reseller', 'create', '--name', 'Acme Resale', '--services', 'all', '--json'])
    assert.equal(run.code, 0, run.stderr)
    assert.equal(run.stderr, '')
    assert.ok(run.stdout.endsWith('\n'))
    const lines = run.stdout.trimEnd().split('\n')
    assert.equal(lines.length, 1, run.stdout)
    const created = JSON.parse(lines[0]!)
    assert.deepEqual(Object.keys(created).sort(), ['clientId', 'clientSecret', 'id'])
    assert.ok(Number.isInteger(created.id) && created.id > 0)
    assert.equal(typeof created.clientId, 'string')
    assert.ok(created.clientSecret.length >= 40, 'a 256-bit secret')
  })

  it('when the CLI creates the data directory, then only its owner can enter it', async () => {
    const dataDir = freshDataDir()
    await createReseller(dataDir, 'Private Data Ltd')
    assert.equal(statSync(dataDir).mode & 0o777, 0o700)
    assert.equal(statSync(join(dataDir, 'token-signing-key')).mode & 0o777, 0o600)
  })

  it('when a reseller is created, then its secret is stored in no database file', async () => {
    const dataDir = migratedDataDir()
    const { clientSecret } = await createReseller(dataDir, 'Hash Only Ltd')
    assert.deepEqual(filesContaining(dataDir, clientSecret), [])
  })

  it('when "reseller create" is given a name in use, then exit 1 saying so', async () => {
    const dataDir = migratedDataDir()
    await createReseller(dataDir, 'Twice Ltd')
    const run = await runCli(dataDir, ['reseller', 'create', '--name', 'Twice Ltd', '--json'])
    assert.equal(run.code, 1)
    assert.equal(run.stdout, '')
    assert.match(run.stderr, /in use/)
  })

  it('when "services list --json" runs, then it prints the catalogue as one JSON array of service entries', async () => {
    const run = await runCli(migratedDataDir(), ['services', 'list', '--json'])
    assert.equal(run.code, 0, run.stderr)
    const lines = run.stdout.trimEnd().split('\n')
    assert.equal(lines.length, 1)
    const services = JSON.parse(lines[0]!) as { serviceId: number, checkType: string, provider: string }[]
    for (const s of services) assert.deepEqual(Object.keys(s).sort(), ['checkType', 'provider', 'serviceId'])
    const types = services.map((s) => s.checkType.toLowerCase())
    for (const kind of ['kyc', 'bav', 'aml', 'document extraction', 'document risk']) assert.ok(types.includes(kind), `${kind} missing: ${types.join(', ')}`)
    assert.ok(services.every((s) => s.provider === 'Sandbox'))
  })

  it('when "account rate-limit ID 40" runs for an existing account, then exit 0 confirming the limit', async () => {
    const dataDir = migratedDataDir()
    const { id } = await createReseller(dataDir, 'Busy Resale')
    const run = await runCli(dataDir, ['account', 'rate-limit', String(id), '40'])
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /40 requests per second/)
  })

  it('when "account rate-limit" names an account that does not exist, then exit 1 saying so', async () => {
    const run = await runCli(migratedDataDir(), ['account', 'rate-limit', '999', '40'])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /no account with id 999/)
  })

  it('when "account reset-credentials ID --json" runs, then it prints exactly the id, clientId and new clientSecret', async () => {
    const dataDir = migratedDataDir()
    const reseller = await createReseller(dataDir, 'Rotating Resale')
    const run = await runCli(dataDir, ['account', 'reset-credentials', String(reseller.id), '--json'])
    assert.equal(run.code, 0, run.stderr)
    const reset = JSON.parse(run.stdout)
    assert.deepEqual(Object.keys(reset), ['id', 'clientId', 'clientSecret'])
    assert.deepEqual([reset.id, reset.clientId], [reseller.id, reseller.clientId])
    assert.notEqual(reset.clientSecret, reseller.clientSecret)
    assert.equal(run.stdout.trim().split('\n').length, 1)
  })

  it('when "account reset-credentials" names an account that does not exist, then exit 1 saying so', async () => {
    const run = await runCli(migratedDataDir(), ['account', 'reset-credentials', '999'])
    assert.equal(run.code, 1)
    assert.equal(run.stderr, 'idcheck: account 999 does not exist\n')
  })

  it('when "reseller create" gets a name of only invisible characters, then exit 64 saying so', async () => {
    const run = await runCli(migratedDataDir(), ['reseller', 'create', '--name', '\u200B\u200D\uFEFF'])
    assert.equal(run.code, EX_USAGE, run.stderr)
    assert.match(run.stderr, /--name must contain a visible character/)
  })

  it('when the CLI gets no command, then it prints the usage and exits 1', async () => {
    const run = await runCli(freshDataDir(), [])
    assert.equal(run.code, 1)
    assert.match(run.stdout, /Usage: idcheck <command>/)
  })

  const badArguments: [string, string[], RegExp][] = [
    ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
    ['reseller create without --name', ['reseller', 'create', '--json'], /--name/],
    ['an unknown option', ['reseller', 'create', '--name', 'X', '--colour', 'red'], /--colour/],
    ['--services that are not ids', ['reseller', 'create', '--name', 'X', '--services', 'kyc'], /--services/],
    ['a non-numeric account id', ['account', 'rate-limit', 'abc', '40'], /ID must be/],
    ['a zero rate limit', ['account', 'rate-limit', '1', '0'], /N must be/],
    ['a missing rate limit', ['account', 'rate-limit', '1'], /usage: account rate-limit/],
    ['reset-credentials without an id', ['account', 'reset-credentials'], /usage: account reset-credentials ID/],
    ['reset-credentials of a non-numeric id', ['account', 'reset-credentials', 'me'], /ID must be/],
    ['an unknown sub-command', ['services', 'delete'], /services list/],
  ]
  for (const [when, args, message] of badArguments) {
    it(`when the CLI gets ${when}, then exit 64 with a clear message on stderr`, async () => {
      const run = await runCli(freshDataDir(), args)
      assert.equal(run.code, EX_USAGE, `exit ${run.code}: ${run.stderr}`)
      assert.match(run.stderr, message)
      assert.match(run.stderr, /^idcheck: /)
      assert.equal(run.stdout, '')
    })
  }
})

describeUnless(skip, 'idcheck server (embedded)', { concurrency: true }, () => {
  it('when a reseller made by the CLI calls the running server over HTTP, then it gets a token and Pong; the CLI is refused while it runs; SIGTERM exits 0; no secret is logged', async () => {
    const dataDir = migratedDataDir()
    const reseller = await createReseller(dataDir, 'Live Resale')
    const server = await startServer(dataDir)

    const tokenRes = await authenticate(server.base, reseller.clientId, reseller.clientSecret)
    assert.equal(tokenRes.status, 200)
    const { accessToken, expires } = await tokenRes.json() as { accessToken: string, expires: number }
    assert.equal(expires, 3600)
    const pong = await pingWith(server.base, accessToken)
    assert.equal(pong.status, 200)
    assert.match(String(pong.headers.get('content-type')), /^text\/plain/)
    assert.equal(await pong.text(), 'Pong')
    assert.ok(pong.headers.get('x-request-id'))
    const wrong = await authenticate(server.base, reseller.clientId, reseller.clientSecret.slice(1))
    assert.equal(wrong.status, 401)
    const malformed = await fetch(`${server.base}/api/authenticate`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"clientId":"${reseller.clientId}","clientSecret":"${reseller.clientSecret}"`,
    })
    assert.equal(malformed.status, 400)

    const busy = await runCli(dataDir, ['services', 'list'])
    assert.equal(busy.code, 2, busy.stderr)
    assert.match(busy.stderr, /data directory .* is in use/)
    assert.equal(busy.stdout, '')

    const { code, signal } = await server.stop()
    assert.equal(signal, null)
    assert.equal(code, 0, server.stderr())

    const [stdout, stderr] = [server.stdout(), server.stderr()]
    assert.doesNotMatch(stdout, /demo reseller was created/i, 'no demo reseller when the data dir already has accounts')
    const logs = jsonLogLines(stdout + '\n' + stderr)
    assert.ok(logs.length > 0, 'the server writes JSON logs')
    assert.ok(logs.some((line) => JSON.parse(line).reqId), 'log lines carry the request id')
    // One access line per request, written (from the 4 KB block) by the time the process exits.
    const pingLines = logs.map((line) => JSON.parse(line)).filter((l) => l.reqId === pong.headers.get('x-request-id'))
    assert.equal(pingLines.length, 1, JSON.stringify(pingLines))
    assert.deepEqual({ ...pingLines[0], time: 0, pid: 0, hostname: '', responseTime: 0 },
      { level: 30, time: 0, pid: 0, hostname: '', reqId: pong.headers.get('x-request-id'), method: 'GET', url: '/api/Ping', statusCode: 200, responseTime: 0, msg: 'request completed' })
    assert.equal(typeof pingLines[0].responseTime, 'number')
    assert.ok(!logs.some((line) => JSON.parse(line).msg === 'incoming request'), 'arrivals are logged at debug level only')
    for (const secret of [reseller.clientSecret, accessToken]) {
      assert.ok(!stdout.includes(secret), 'a secret or token reached stdout')
      assert.ok(!stderr.includes(secret), 'a secret or token reached stderr')
    }
    assert.deepEqual(filesContaining(dataDir, reseller.clientSecret), [])

    const afterStop = await runCli(dataDir, ['services', 'list', '--json'])
    assert.equal(afterStop.code, 0, `the data directory is free again after shutdown: ${afterStop.stderr}`)
  })

  it("when an operator resets a leaked reseller secret with the CLI, then the old secret and its tokens are refused and the new secret works", async () => {
    const dataDir = migratedDataDir()
    const reseller = await createReseller(dataDir, 'Leaky Resale')
    let server = await startServer(dataDir)
    const before = await (await authenticate(server.base, reseller.clientId, reseller.clientSecret)).json() as { accessToken: string }
    await server.stop()

    const run = await runCli(dataDir, ['account', 'reset-credentials', String(reseller.id)])
    assert.equal(run.code, 0, run.stderr)
    const newSecret = /clientSecret (\S+)/.exec(run.stdout)?.[1]
    assert.ok(newSecret, run.stdout)
    assert.match(run.stdout, /not shown again/)

    server = await startServer(dataDir)
    try {
      assert.equal((await authenticate(server.base, reseller.clientId, reseller.clientSecret)).status, 401, 'the old secret still works')
      assert.equal((await pingWith(server.base, before.accessToken)).status, 401, 'a token issued under the old secret still works')
      const fresh = await authenticate(server.base, reseller.clientId, newSecret)
      assert.equal(fresh.status, 200)
      assert.equal((await pingWith(server.base, (await fresh.json() as { accessToken: string }).accessToken)).status, 200)
    } finally {
      await server.stop()
    }
  })

  it('when WEBHOOK_SECRET_KEY is rotated and "webhooks reseal-secrets" runs, then endpoints keep their secrets under the new key alone', async () => {
    const dataDir = migratedDataDir()
    const reseller = await createReseller(dataDir, 'Hooked Resale')
    const [oldKey, newKey] = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]
    const server = await startServer(dataDir, { WEBHOOK_SECRET_KEY: oldKey })
    const token = (await (await authenticate(server.base, reseller.clientId, reseller.clientSecret)).json() as { accessToken: string }).accessToken
    const created = await fetch(`${server.base}/api/webhooks`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['bank_account.bav_completed'] }),
    })
    assert.equal(created.status, 201)
    await server.stop()

    const reseal = await runCli(dataDir, ['webhooks', 'reseal-secrets'], { WEBHOOK_SECRET_KEY: newKey, WEBHOOK_SECRET_KEYS_PREVIOUS: oldKey })
    assert.equal(reseal.code, 0, reseal.stderr)
    assert.match(reseal.stdout, /^Re-sealed 1 of 1 webhook secrets/)
    const again = await runCli(dataDir, ['webhooks', 'reseal-secrets'], { WEBHOOK_SECRET_KEY: newKey })
    assert.equal(again.code, 0, again.stderr)
    assert.match(again.stdout, /^Re-sealed 0 of 1 webhook secrets/, 'nothing is left under the old key')
  })

  it('when the server first starts on an empty data dir with stdout not a terminal, then it names the demo reseller and the 0600 file that holds its secret, never the secret, with a curl line that works', async () => {
    const dataDir = freshDataDir()
    const first = await startServer(dataDir)
    const banner = first.stdout()

    const file = join(dataDir, 'demo-reseller.json')
    assert.equal(statSync(file).mode & 0o777, 0o600)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string, clientSecret: string }
    assert.ok(banner.includes(`A demo reseller was created with every service: clientId ${saved.clientId}.`), banner)
    assert.ok(banner.includes(`Its secret is in ${file} (mode 0600); it is not printed because this output is not a terminal.`), banner)
    assert.ok(!banner.includes(saved.clientSecret), 'the secret is printed to a log')

    const curl = banner.split('\n').find((line) => line.includes('curl') && line.includes('/api/authenticate'))
    assert.ok(curl, `no curl line in:\n${banner}`)
    assert.ok(curl.includes(`${first.base}/api/authenticate`), curl)
    assert.ok(curl.includes(` -d @${file} `), curl)
    // What curl sends for -d @file: the file's bytes.
    const tokenRes = await fetch(`${first.base}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: readFileSync(file) })
    assert.equal(tokenRes.status, 200)
    const { accessToken } = await tokenRes.json() as { accessToken: string }
    assert.equal((await pingWith(first.base, accessToken)).status, 200)
    assert.ok(banner.includes(`curl -H "Authorization: Bearer $TOKEN" ${first.base}/api/Ping`), banner)

    assert.deepEqual(await first.stop(), { code: 0, signal: null })
    for (const line of jsonLogLines(first.stdout() + '\n' + first.stderr())) {
      assert.ok(!line.includes(saved.clientSecret), `the demo secret is in a log line: ${line}`)
      assert.ok(!line.includes(accessToken), `the access token is in a log line: ${line}`)
    }

    const second = await startServer(dataDir)
    assert.deepEqual(await second.stop(), { code: 0, signal: null })
    const [stdout, stderr] = [second.stdout(), second.stderr()]
    assert.ok(!stdout.includes(saved.clientSecret) && !stderr.includes(saved.clientSecret), 'the secret is shown on the first start only')
    assert.ok(stdout.includes(saved.clientId), 'the second start still names the demo clientId')
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), saved)
  })
})
