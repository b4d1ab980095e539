import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  type Answer, baseEnv, call, ensureRedisUp, freePort, freshDatabase, givenResellerByCli, isoNow, REDIS_URL,
  redisRestartUnavailable, SKIP_UNLESS_FAULTS, startApi, stopRedis, tokenFor,
} from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// Redis, which holds the shared rate-limit counters and the failed-authentication counters, goes
// down (3c). docs/decisions.md: "If Redis fails, the limiter lets requests through (fail
// open) instead of failing them." So while it is down nothing answers 500, nothing is refused for
// the rate, authenticate works; once it is back the limit applies again by itself.

const skip = SKIP_UNLESS_FAULTS || redisRestartUnavailable()
const DEFAULT_LIMIT = 15

/** `count` authenticated pings sent at once (one burst, well inside one second). */
async function burst (base: string, token: string, count: number): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, () => call(base, 'GET', '/api/Ping', token, undefined, 10_000)))
}

const tally = (answers: Answer[]) => {
  const byStatus: Record<number, number> = {}
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1
  return byStatus
}

describeUnless(skip, 'Redis goes down', () => {
  it('while it is down the rate limiter fails open and nothing answers 500; once it is back the limit applies again', { timeout: 180_000 }, async (t) => {
    const databaseUrl = await freshDatabase(t)
    const env = { ...baseEnv(), DATABASE_URL: databaseUrl, REDIS_URL }
    const reseller = await givenResellerByCli(env) // the default limit: 15 requests per second
    const server = await startApi(env, { port: await freePort(), hooks: t })
    const logs = () => `\nserver output:\n${server.output().slice(-4000)}`
    const token = await tokenFor(server.base, reseller)
    const created = await call(server.base, 'POST', '/api/cases', token, { urn: 'REDIS-DOWN', type: 'Business', entityName: 'Cacheless Ltd' })
    assert.equal(created.status, 201, created.text)
    const caseId = created.json.id as number

    // With Redis up, a burst over the limit is partly refused.
    await sleep(1100)
    const before = await burst(server.base, token, 40)
    t.diagnostic(`Redis up, 40 pings at once: ${JSON.stringify(tally(before))}`)
    assert.ok(before.some((a) => a.status === 429), 'the limiter refuses nothing even with Redis up')
    assert.ok(before.every((a) => a.status === 200 || a.status === 429), JSON.stringify(tally(before)))

    const during: Answer[] = []
    const checks: string[] = []
    let stoppedAt = 0
    try {
      t.diagnostic(`${isoNow()} stopping Redis`)
      stoppedAt = Date.now()
      await stopRedis()
      await sleep(300)

      // Over the limit: nothing refused, nothing failed (fail open), each answered at once.
      for (let round = 0; round < 2; round++) {
        const answers = await burst(server.base, token, 40)
        during.push(...answers)
        checks.push(`burst ${round + 1}: ${JSON.stringify(tally(answers))}`)
        await sleep(200)
      }
      // Authenticate works (the failure counter fails open too), and so does the token it gives.
      const fresh = await tokenFor(server.base, reseller)
      during.push(await call(server.base, 'GET', '/api/Ping', fresh))
      const wrong = await call(server.base, 'POST', '/api/authenticate', null, { clientId: reseller.clientId, clientSecret: 'not-the-secret' })
      during.push(wrong)
      assert.equal(wrong.status, 401, wrong.text)
      // The rest of the API does not depend on Redis.
      during.push(await call(server.base, 'POST', '/api/cases', fresh, { urn: 'REDIS-DOWN-2', type: 'Business', entityName: 'Still Working Ltd' }))
      during.push(await call(server.base, 'POST', `/api/cases/${caseId}/bank-accounts`, fresh,
        { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: '40000001' }))
      during.push(await call(server.base, 'GET', `/api/cases/${caseId}/bank-accounts`, fresh))
      during.push(await call(server.base, 'POST', '/api/accounts', fresh, { name: `No Redis ${randomBytes(4).toString('hex')}`, externalReference: 'redis-down-1' }))
      during.push(await call(server.base, 'GET', '/api/accounts', fresh))
      during.push(await call(server.base, 'GET', '/health/ready', null))
    } finally {
      await ensureRedisUp()
      t.diagnostic(`${isoNow()} Redis answers again (${Date.now() - stoppedAt} ms after the stop)`)
    }
    for (const line of checks) t.diagnostic(`Redis down, 40 pings at once, ${line}`)
    t.diagnostic(`Redis down: ${during.length} requests, ${JSON.stringify(tally(during))}, slowest ${Math.round(Math.max(...during.map((a) => a.ms)))} ms`)
    const failed = during.filter((a) => a.status >= 500)
    assert.deepEqual(failed.map((a) => `${a.status} ${a.text}`), [], `5xx while Redis was down${logs()}`)
    const refused = during.filter((a) => a.status === 429)
    assert.equal(refused.length, 0, `the limiter refused requests while Redis was down instead of failing open${logs()}`)
    assert.deepEqual(during.filter((a) => a.status >= 300 && a.status !== 401).map((a) => `${a.status} ${a.text}`), [])
    assert.ok(during.every((a) => a.ms < 2000), 'a request waited on the dead Redis')

    // Back: ioredis reconnects by itself and the limit applies again within a few seconds.
    const backAt = Date.now()
    let limitedAgain: Record<number, number> | null = null
    while (Date.now() - backAt < 10_000) {
      await sleep(500)
      const answers = await burst(server.base, token, 40)
      assert.deepEqual(answers.filter((a) => a.status >= 500).map((a) => a.text), [], 'a 5xx after Redis came back')
      if (answers.some((a) => a.status === 429)) {
        limitedAgain = tally(answers)
        break
      }
    }
    assert.ok(limitedAgain, `the limiter did not refuse a burst over the limit within 10 s of Redis being back${logs()}`)
    t.diagnostic(`limit applies again ${Date.now() - backAt} ms after Redis answered: ${JSON.stringify(limitedAgain)}`)
    // A burst may straddle two one-second windows: at most twice the limit passes.
    assert.ok((limitedAgain[200] ?? 0) <= 2 * DEFAULT_LIMIT, `more than ${2 * DEFAULT_LIMIT} of 40 pings passed once Redis was back`)
  })
})
