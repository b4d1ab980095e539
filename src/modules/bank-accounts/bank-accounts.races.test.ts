import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller } from '../../../test/helpers/given.ts'
import { bankAccountBody, givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'

// A create that finds the same details on the case answers 409 with the duplicate's id; when that
// duplicate is deleted at the same moment, the create must neither fail nor name a deleted account.
const { app } = await buildTestApp({ rateLimitPerSecond: 100_000 })

describe('bank account create racing a delete of the same details', () => {
  it('when 300 creates race deletes of the account they duplicate, then every answer is 200 or 409 naming the raced account, never 5xx', async () => {
    const owner = await givenReseller(app, { services: [] }) // BAV off: the race is about the rows, not the checks
    const caseIds = await Promise.all(Array.from({ length: 30 }, () => givenCase(app, owner)))
    const statuses: Record<string, number> = {}
    await Promise.all(caseIds.map(async (caseId, c) => {
      for (let i = 0; i < 10; i++) {
        const details = { sortCode: '000000', accountNumber: String(70_000_000 + c * 100 + i) }
        const first = await givenBankAccount(app, owner, caseId, details)
        // The delete starts a moment after the create, so it often lands between the create's failed insert and its lookup.
        const [create, del] = await Promise.all([
          app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth, payload: bankAccountBody(details) }),
          sleep(i % 3).then(() => app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/bank-accounts/${first}`, headers: owner.auth })),
        ])
        statuses[`${create.statusCode}/${del.statusCode}`] = (statuses[`${create.statusCode}/${del.statusCode}`] ?? 0) + 1
        assert.equal(del.statusCode, 204, del.body)
        if (create.statusCode === 409) assert.deepEqual(create.json(), { duplicateId: first })
        else {
          assert.equal(create.statusCode, 200, create.body)
          assert.notEqual(create.json(), first)
        }
        const listed = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })
        const same = listed.json().filter((b: { accountNumber: string }) => b.accountNumber === details.accountNumber)
        assert.ok(same.length <= 1, `two active accounts with one pair: ${listed.body}`)
      }
    }))
    assert.equal(Object.values(statuses).reduce((a, b) => a + b, 0), 300, JSON.stringify(statuses))
  })
})
