import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { randomBytes } from 'node:crypto'
import { estimatedEntropyBits, loadConfig, redisKeyPrefixFor } from './config.ts'

const key = () => randomBytes(32).toString('base64url')

describe('Redis key prefix', () => {
  it('when two deployments on different databases share one Redis, then their keys differ', () => {
    const staging = redisKeyPrefixFor('postgres://app@db.internal:5432/idcheck_staging', null)
    const production = redisKeyPrefixFor('postgres://app@db.internal:5432/idcheck', null)
    assert.equal(staging, 'idcheck:db.internal:5432/idcheck_staging:')
    assert.equal(production, 'idcheck:db.internal:5432/idcheck:')
    assert.notEqual(redisKeyPrefixFor('postgres://app@other-host/idcheck', null), production)
  })

  it('when processes of one deployment start, then they share one prefix, whatever the credentials in the URL', () => {
    assert.equal(redisKeyPrefixFor('postgres://api:secret-a@db.internal/idcheck', null), redisKeyPrefixFor('postgres://worker:secret-b@db.internal:5432/idcheck', null))
  })

  it('when the database is embedded, then the data directory names the keys', () => {
    assert.equal(redisKeyPrefixFor(null, '/var/lib/idcheck'), 'idcheck:/var/lib/idcheck:')
  })

  it('when the configuration is loaded, then it carries the prefix of its database', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() })
    assert.equal(config.redisKeyPrefix, 'idcheck:127.0.0.1:5432/test:')
  })
})

describe('WORKER_PORT', () => {
  const server = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }

  it('when it is not set or empty, then the worker has no listener', () => {
    assert.equal(loadConfig(server).workerPort, null)
    assert.equal(loadConfig({ ...server, WORKER_PORT: ' ' }).workerPort, null)
  })

  it('when it is a port, then the worker listens there (0: any free port)', () => {
    assert.equal(loadConfig({ ...server, WORKER_PORT: '9464' }).workerPort, 9464)
    assert.equal(loadConfig({ ...server, WORKER_PORT: '0' }).workerPort, 0)
  })

  it('when it is not a port, then the configuration is refused with a message that names it', () => {
    assert.throws(() => loadConfig({ ...server, WORKER_PORT: 'metrics' }), { message: 'WORKER_PORT must be an integer from 0 to 65535, not "metrics"' })
    assert.throws(() => loadConfig({ ...server, WORKER_PORT: '70000' }), { message: 'WORKER_PORT must be an integer from 0 to 65535, not "70000"' })
  })
})

describe('keys shared by every process', () => {
  const server = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }

  it('when a sandbox on PostgreSQL has no TOKEN_SIGNING_KEY, then it refuses to start and says how to make one', () => {
    assert.throws(() => loadConfig({ ...server, WEBHOOK_SECRET_KEY: key() }),
      { message: 'server mode (DATABASE_URL) needs TOKEN_SIGNING_KEY, one key shared by every process. Make one with: openssl rand -base64 32' })
  })

  it('when a sandbox on PostgreSQL has no WEBHOOK_SECRET_KEY, then it refuses to start and says how to make one', () => {
    assert.throws(() => loadConfig({ ...server, TOKEN_SIGNING_KEY: key() }),
      { message: 'server mode (DATABASE_URL) needs WEBHOOK_SECRET_KEY, one key shared by every process. Make one with: openssl rand -base64 32' })
  })

  it('when WEBHOOK_SECRET_KEYS_PREVIOUS lists earlier keys, then they are kept for reading old secrets', () => {
    const [current, a, b] = [key(), key(), key()]
    const config = loadConfig({ ...server, TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: current, WEBHOOK_SECRET_KEYS_PREVIOUS: ` ${a}, ${b} ` })
    assert.deepEqual(config.webhookSecretKeys, { current, previous: [a, b] })
  })
})

describe('production refuses unsafe settings', () => {
  const safe = () => ({
    IDCHECK_ENVIRONMENT: 'production',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: 'redis://127.0.0.1:6379',
    TOKEN_SIGNING_KEY: key(),
    WEBHOOK_SECRET_KEY: key(),
    METRICS_TOKEN: key(),
  })

  it('when every setting is safe, then production starts', () => {
    assert.equal(loadConfig(safe()).environment, 'production')
  })

  it('when DATABASE_URL is missing, then it is refused', () => {
    assert.throws(() => loadConfig({ ...safe(), DATABASE_URL: '' }), { message: /^production needs DATABASE_URL/ })
  })

  it('when TOKEN_SIGNING_KEY is missing, then it is refused', () => {
    assert.throws(() => loadConfig({ ...safe(), TOKEN_SIGNING_KEY: '' }), { message: /^production needs TOKEN_SIGNING_KEY .*openssl rand -base64 32$/ })
  })

  it('when WEBHOOK_SECRET_KEY is missing, then it is refused', () => {
    assert.throws(() => loadConfig({ ...safe(), WEBHOOK_SECRET_KEY: '' }), { message: /^production needs WEBHOOK_SECRET_KEY/ })
  })

  it('when REDIS_URL is missing, then it is refused: limits would multiply with replicas', () => {
    assert.throws(() => loadConfig({ ...safe(), REDIS_URL: '' }), { message: /^production needs REDIS_URL: without it each process keeps its own rate limits/ })
  })

  it('when METRICS_TOKEN is missing, then it is refused: /metrics would trust whatever a local proxy forwards', () => {
    assert.throws(() => loadConfig({ ...safe(), METRICS_TOKEN: '' }), { message: /^production needs METRICS_TOKEN/ })
  })

  for (const [label, weak] of [['one character repeated', 'k'.repeat(48)], ['a repeated word', 'password'.repeat(6)], ['short', 'Zx9!q']]) {
    it(`when TOKEN_SIGNING_KEY is of low entropy (${label}), then it is refused`, () => {
      assert.throws(() => loadConfig({ ...safe(), TOKEN_SIGNING_KEY: weak }), { message: /^TOKEN_SIGNING_KEY (is too predictable|must be at least 32 characters)/ })
    })
    it(`when WEBHOOK_SECRET_KEY is of low entropy (${label}), then it is refused`, () => {
      assert.throws(() => loadConfig({ ...safe(), WEBHOOK_SECRET_KEY: weak }), { message: /^WEBHOOK_SECRET_KEY (is too predictable|must be at least 32 characters)/ })
    })
  }

  it('when keys come from openssl rand (base64 of 32 bytes, or hex of 32 bytes), then their estimated entropy passes', () => {
    for (let i = 0; i < 200; i++) {
      assert.ok(estimatedEntropyBits(randomBytes(32).toString('base64')) >= 128)
      assert.ok(estimatedEntropyBits(randomBytes(32).toString('hex')) >= 128)
    }
  })
})

describe('webhook targets on private addresses', () => {
  it('when a sandbox listens on loopback, then local receivers are allowed', () => {
    assert.equal(loadConfig({ DATA_DIR: '', HOST: '127.0.0.1', TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }).allowPrivateWebhookTargets, true)
  })

  it('when a sandbox listens on every interface, then private targets are refused', () => {
    assert.equal(loadConfig({ HOST: '0.0.0.0', TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }).allowPrivateWebhookTargets, false)
  })

  it('when ALLOW_PRIVATE_WEBHOOK_TARGETS=true, then they are allowed anywhere', () => {
    assert.equal(loadConfig({ HOST: '0.0.0.0', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }).allowPrivateWebhookTargets, true)
  })
})

describe('TRUST_PROXY and PUBLIC_BASE_URL', () => {
  const base = { TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }

  it('when TRUST_PROXY is unset, true, a hop count or addresses, then Fastify gets that', () => {
    assert.equal(loadConfig(base).trustProxy, false)
    assert.equal(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy, true)
    assert.equal(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy, 2)
    assert.deepEqual(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy, ['10.0.0.1', '192.168.0.0/16', '::1'])
  })

  it('when TRUST_PROXY is not understood, then the configuration is refused', () => {
    assert.throws(() => loadConfig({ ...base, TRUST_PROXY: 'loadbalancer' }), { message: /^TRUST_PROXY must be true, false, a number of proxy hops, or addresses/ })
  })

  it('when PUBLIC_BASE_URL is set, then it is kept without a trailing slash; a bad one is refused', () => {
    assert.equal(loadConfig(base).publicBaseUrl, null)
    assert.equal(loadConfig({ ...base, PUBLIC_BASE_URL: 'https://api.example.com/' }).publicBaseUrl, 'https://api.example.com')
    assert.throws(() => loadConfig({ ...base, PUBLIC_BASE_URL: 'api.example.com' }), { message: /^PUBLIC_BASE_URL must be an absolute http\(s\) URL/ })
  })
})

describe('Confirmation of Payee for BAV (BAV_COP_*)', () => {
  const base = { TOKEN_SIGNING_KEY: key(), WEBHOOK_SECRET_KEY: key() }
  const production = () => ({
    IDCHECK_ENVIRONMENT: 'production',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: 'redis://127.0.0.1:6379',
    TOKEN_SIGNING_KEY: key(),
    WEBHOOK_SECRET_KEY: key(),
    METRICS_TOKEN: key(),
  })
  const token = 'cop-token-that-must-stay-secret'

  it('when BAV_COP_URL is not set, then there is no CoP (the modulus check alone)', () => {
    assert.equal(loadConfig(base).bavCop, null)
    assert.equal(loadConfig(production()).bavCop, null)
  })

  it('when BAV_COP_URL and BAV_COP_TOKEN are set, then CoP is configured with a 10 s timeout unless told otherwise', () => {
    const config = loadConfig({ ...production(), BAV_COP_URL: 'https://cop.example.com/open-banking/v3.1/cop/', BAV_COP_TOKEN: token })
    assert.deepEqual(config.bavCop, { url: 'https://cop.example.com/open-banking/v3.1/cop', token, timeoutMs: 10_000, providerName: null })
    const named = loadConfig({ ...production(), BAV_COP_URL: 'https://cop.example.com', BAV_COP_TOKEN: token, BAV_COP_TIMEOUT_MS: '2500', BAV_COP_PROVIDER_NAME: 'Acme CoP' })
    assert.deepEqual(named.bavCop, { url: 'https://cop.example.com', token, timeoutMs: 2500, providerName: 'Acme CoP' })
  })

  it('when production has a loopback http:// BAV_COP_URL (a local gateway), then it is accepted', () => {
    assert.equal(loadConfig({ ...production(), BAV_COP_URL: 'http://127.0.0.1:8443/cop', BAV_COP_TOKEN: token }).bavCop?.url, 'http://127.0.0.1:8443/cop')
  })

  const refusals: Array<[string, Record<string, string>, RegExp]> = [
    ['BAV_COP_URL without BAV_COP_TOKEN', { BAV_COP_URL: 'https://cop.example.com' }, /^BAV_COP_URL needs BAV_COP_TOKEN/],
    ['BAV_COP_TOKEN without BAV_COP_URL', { BAV_COP_TOKEN: token }, /^BAV_COP_TOKEN is set but BAV_COP_URL is not/],
    ['a BAV_COP_URL that is not a URL', { BAV_COP_URL: 'cop.example.com', BAV_COP_TOKEN: token }, /^BAV_COP_URL must be an absolute http\(s\) URL/],
    ['a BAV_COP_URL that is not http(s)', { BAV_COP_URL: 'ftp://cop.example.com', BAV_COP_TOKEN: token }, /^BAV_COP_URL must start with https:\/\//],
    ['a BAV_COP_URL with credentials', { BAV_COP_URL: `https://user:${token}@cop.example.com`, BAV_COP_TOKEN: token }, /^BAV_COP_URL must not carry credentials/],
    ['a BAV_COP_URL with a query', { BAV_COP_URL: 'https://cop.example.com/?key=1', BAV_COP_TOKEN: token }, /^BAV_COP_URL must be a base URL without a query/],
    ['an http:// BAV_COP_URL off this machine', { BAV_COP_URL: 'http://cop.example.com', BAV_COP_TOKEN: token }, /^production needs BAV_COP_URL to be https:\/\//],
    ['a BAV_COP_TIMEOUT_MS out of range', { BAV_COP_URL: 'https://cop.example.com', BAV_COP_TOKEN: token, BAV_COP_TIMEOUT_MS: '120000' }, /^BAV_COP_TIMEOUT_MS must be an integer from 100 to 60000, not "120000"$/],
  ]
  for (const [situation, settings, message] of refusals) {
    it(`when production has ${situation}, then it is refused, and the message never shows the token`, () => {
      assert.throws(() => loadConfig({ ...production(), ...settings }), (err: Error) => {
        assert.match(err.message, message)
        assert.ok(!err.message.includes(token), err.message)
        return true
      })
    })
  }

  it('when a sandbox has an http:// BAV_COP_URL, then it is accepted (the sandbox never calls it)', () => {
    assert.equal(loadConfig({ ...base, BAV_COP_URL: 'http://cop.internal', BAV_COP_TOKEN: token }).bavCop?.url, 'http://cop.internal')
  })
})
