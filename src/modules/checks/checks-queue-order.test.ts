import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { createSandboxBavProviderForTests } from '../../../test/helpers/held-bav-provider.ts'

// Every BAV answer waits until the test lets it go, so the queue's order is what decides who is next.
const HELD = '44444444'
const held = createSandboxBavProviderForTests(HELD)
// Jobs go through the queue only (none run by the creating request), which fetches up to 16 at a time.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 }, { bavProvider: held.provider })
const BAV_BATCH = 16

describe('queue order across accounts', () => {
  it('when one account has 40 checks queued, then another account\'s first check runs before that account\'s 17th', async () => {
    const busy = await givenReseller(app, { services: [2] })
    const busyAccounts: number[] = []
    for (let i = 0; i < 40; i++) busyAccounts.push(await givenBankAccount(app, busy, await givenCase(app, busy), { sortCode: '000000', accountNumber: HELD }))
    await eventually(async () => held.waiting(), (n) => n >= 1, { what: 'the busy account\'s first checks with the provider' })
    const quiet = await givenReseller(app, { services: [2] })
    const quietAccount = await givenBankAccount(app, quiet, await givenCase(app, quiet), { sortCode: '000000', accountNumber: HELD })

    await eventually(async () => { held.releaseAll(); return held.calls.length }, (n) => n === 41, { timeoutMs: 60_000, intervalMs: 50, what: 'every check with the provider' })
    held.releaseAll()

    const order = held.calls.map((c) => c.id)
    const quietPlace = order.indexOf(quietAccount)
    const busyAhead = order.slice(0, quietPlace).filter((id) => busyAccounts.includes(id)).length
    assert.ok(busyAhead <= BAV_BATCH, `the quiet account's check ran after ${busyAhead} of the busy account's (order ${order.join(',')})`)
  })
})
