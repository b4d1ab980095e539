import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

// An operator reads why the service will not start: exit code 2 and one line on stderr, before any
// database, port or file is touched.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const key = () => randomBytes(32).toString('base64url')
const dataDir = mkdtempSync(join(tmpdir(), 'idcheck-refusals-'))
after(() => rmSync(dataDir, { recursive: true, force: true }))

const SETTINGS = ['DATABASE_URL', 'REDIS_URL', 'TOKEN_SIGNING_KEY', 'WEBHOOK_SECRET_KEY', 'METRICS_TOKEN', 'IDCHECK_ENVIRONMENT', 'NODE_TEST_CONTEXT', 'PORT',
  'SCREENING_PROVIDER', 'YENTE_URL', 'AML_MATCH_THRESHOLD', 'BAV_COP_URL', 'BAV_COP_TOKEN', 'BAV_COP_TIMEOUT_MS']

function serve (settings: Record<string, string>): Promise<{ code: number | null, stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0' }
  for (const name of SETTINGS) delete env[name]
  return new Promise((resolve) => {
    const child = execFile(join(ROOT, 'bin/idcheck'), ['serve'], { cwd: ROOT, env: { ...env, ...settings }, timeout: 20_000 }, (_err, _stdout, stderr) =>
      resolve({ code: child.exitCode, stderr }))
  })
}

const production = () => ({
  IDCHECK_ENVIRONMENT: 'production',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: 'redis://127.0.0.1:6379',
  TOKEN_SIGNING_KEY: key(),
  WEBHOOK_SECRET_KEY: key(),
  METRICS_TOKEN: key(),
})

const refusals: Array<[string, Record<string, string>, RegExp]> = [
  ['a sandbox on PostgreSQL without TOKEN_SIGNING_KEY', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', WEBHOOK_SECRET_KEY: key() },
    /^idcheck: server mode \(DATABASE_URL\) needs TOKEN_SIGNING_KEY, one key shared by every process\. Make one with: openssl rand -base64 32\n$/],
  ['a sandbox on PostgreSQL without WEBHOOK_SECRET_KEY', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TOKEN_SIGNING_KEY: key() },
    /^idcheck: server mode \(DATABASE_URL\) needs WEBHOOK_SECRET_KEY/],
  ['production without REDIS_URL', { ...production(), REDIS_URL: '' }, /^idcheck: production needs REDIS_URL/],
  ['production without METRICS_TOKEN', { ...production(), METRICS_TOKEN: '' }, /^idcheck: production needs METRICS_TOKEN/],
  ['production with a low-entropy TOKEN_SIGNING_KEY', { ...production(), TOKEN_SIGNING_KEY: 'secret'.repeat(8) }, /^idcheck: TOKEN_SIGNING_KEY is too predictable/],
  ['production with a low-entropy WEBHOOK_SECRET_KEY', { ...production(), WEBHOOK_SECRET_KEY: 'a'.repeat(40) }, /^idcheck: WEBHOOK_SECRET_KEY is too predictable/],
  ['production without WEBHOOK_SECRET_KEY', { ...production(), WEBHOOK_SECRET_KEY: '' }, /^idcheck: production needs WEBHOOK_SECRET_KEY/],
  ['screening through yente without YENTE_URL', { SCREENING_PROVIDER: 'yente' },
    /^idcheck: SCREENING_PROVIDER=yente needs YENTE_URL, the http\(s\) address of a yente service \(e\.g\. http:\/\/yente:8000\)\n$/],
  ['an unknown SCREENING_PROVIDER', { SCREENING_PROVIDER: 'elastic' }, /^idcheck: SCREENING_PROVIDER must be local or yente, not "elastic"\n$/],
  ['an AML_MATCH_THRESHOLD out of range', { AML_MATCH_THRESHOLD: '1.5' }, /^idcheck: AML_MATCH_THRESHOLD must be a number from 0\.5 to 1, not "1\.5"\n$/],
  ['production with BAV_COP_URL but no BAV_COP_TOKEN', { ...production(), BAV_COP_URL: 'https://cop.example.com' },
    /^idcheck: BAV_COP_URL needs BAV_COP_TOKEN, the bearer token the Confirmation of Payee API expects\n$/],
  ['production with an http:// BAV_COP_URL', { ...production(), BAV_COP_URL: 'http://cop.example.com', BAV_COP_TOKEN: 'cop-token-kept-out-of-messages' },
    /^idcheck: production needs BAV_COP_URL to be https:\/\/: the bearer token and account holders' names would otherwise travel in clear\n$/],
]

describe('idcheck serve refuses unsafe settings', () => {
  for (const [situation, settings, message] of refusals) {
    it(`when started as ${situation}, then it exits 2 and says why`, async () => {
      const { code, stderr } = await serve(settings)
      assert.equal(code, 2, stderr)
      assert.match(stderr, message)
    })
  }
})
