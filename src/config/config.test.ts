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
