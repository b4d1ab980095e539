import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { type AuthInfo, createCredentialsCache } from './credentials-cache.ts'

/** A cache over a stand-in table of accounts, with a clock the test moves and loads it can hold. */
function cacheOver (accounts: Map<number, AuthInfo>) {
  let now = Date.now()
  const held: (() => void)[] = []
  let holding = false
  let failing = false
  let reads = 0
  const cache = createCredentialsCache({
    ttlMs: 500,
    now: () => now,
    fetch: async (id) => {
      reads++
      if (failing) throw new Error('database unreachable')
      const read = accounts.get(id)
      if (holding) await new Promise<void>((resolve) => held.push(resolve))
      return read && { ...read }
    },
  })
  return {
    cache,
    advance (ms: number) { now += ms },
    hold () { holding = true },
    release () { holding = false; for (const resolve of held.splice(0)) resolve() },
    fail () { failing = true },
    reads: () => reads,
  }
}

const account = (id: number, credentialsVersion = 1): AuthInfo => ({ id, isReseller: true, credentialsVersion, rateLimitPerSecond: null })

describe('credentials cache', () => {
  it('when concurrent requests miss, then one read serves them all and later peeks answer from memory', async () => {
    const t = cacheOver(new Map([[1, account(1)]]))
    assert.equal(t.cache.peek(1), undefined)
    const [first, second] = await Promise.all([t.cache.load(1), t.cache.load(1)])
    assert.equal(t.reads(), 1)
    assert.deepEqual(first, account(1))
    assert.equal(second, first)
    assert.deepEqual(t.cache.peek(1), account(1))
  })

  it('when the account does not exist, then null is cached like an account', async () => {
    const t = cacheOver(new Map())
    assert.equal(await t.cache.load(7), null)
    assert.equal(t.cache.peek(7), null)
    assert.equal(t.reads(), 1)
  })

  it('when the ttl has passed since the read began, then the entry must be loaded again', async () => {
    const t = cacheOver(new Map([[1, account(1)]]))
    await t.cache.load(1)
    t.advance(499)
    assert.deepEqual(t.cache.peek(1), account(1))
    t.advance(2)
    assert.equal(t.cache.peek(1), undefined)
  })

  it('when an account is invalidated during its load, then the load reads again and answers with what follows the change', async () => {
    const accounts = new Map([[1, account(1)]])
    const t = cacheOver(accounts)
    t.hold()
    const loading = t.cache.load(1)
    await new Promise((resolve) => setImmediate(resolve))
    accounts.set(1, account(1, 2))
    t.cache.invalidate(1)
    t.release()
    assert.deepEqual(await loading, account(1, 2))
    assert.deepEqual(t.cache.peek(1), account(1, 2))
  })

  it('when the database fails, then the load fails and nothing is cached', async () => {
    const t = cacheOver(new Map([[1, account(1)]]))
    t.fail()
    await assert.rejects(t.cache.load(1), /database unreachable/)
    assert.equal(t.cache.peek(1), undefined)
  })
})
