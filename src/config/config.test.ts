import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig, redisKeyPrefixFor } from './config.ts'

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
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TOKEN_SIGNING_KEY: 'k'.repeat(32) })
    assert.equal(config.redisKeyPrefix, 'idcheck:127.0.0.1:5432/test:')
  })
})

describe('WORKER_PORT', () => {
  const server = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TOKEN_SIGNING_KEY: 'k'.repeat(32) }

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
