import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { connectDatabase } from '../../infra/db/connect.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'
import type { BavProvider, BavSubject } from './bav-provider.ts'

// A bank account deleted while its BAV check is with the provider is no longer eligible for BAV:
// the check records no attempt and announces nothing.

/** A provider that holds each answer until the test lets it go, and says when a check arrived. */
function heldProvider () {
  const waiting = new Map<string, () => void>()
  const provider: BavProvider = {
    name: 'Held',
    run: (input: BavSubject) => new Promise((resolve) => {
      waiting.set(input.accountNumber, () => resolve({ riskRating: { id: 1, name: 'Low' }, result: { bankName: 'Held Bank', modulus: 'pass', holder: { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' } } }))
    }),
  }
  return { provider, isHeld: (accountNumber: string) => waiting.has(accountNumber), release: (accountNumber: string) => waiting.get(accountNumber)!() }
}

const held = heldProvider()
const config = testConfig({ rateLimitPerSecond: 10_000 })
const connection = await connectDatabase(config)
after(() => connection.db.close())
const { app } = await buildTestApp(config, { connection, bavProvider: held.provider })

describe('BAV of a bank account deleted during its check', () => {
  it('when the account is deleted while the provider answers, then its check fails, no attempt is recorded and no BAV event published; a kept account gets both', async () => {
    const owner = await givenReseller(app)
    const receiver = await startWebhookReceiver()
    try {
      const hook = await app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url: receiver.url, events: ['bank_account.bav_completed', 'bank_account.bav_failed'] } })
      assert.equal(hook.statusCode, 201, hook.body)
      const caseId = await givenCase(app, owner)
      const deleted = await givenBankAccount(app, owner, caseId, { accountNumber: '11111111', sortCode: '000000' })
      await eventually(async () => held.isHeld('11111111'), (ok) => ok, { what: 'the check with the provider' })
      const del = await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/bank-accounts/${deleted}`, headers: owner.auth })
      assert.equal(del.statusCode, 204, del.body)
      held.release('11111111')

      // The same job path for an account that stays: its attempt and event arrive.
      const kept = await givenBankAccount(app, owner, caseId, { accountNumber: '22222222', sortCode: '000000' })
      await eventually(async () => held.isHeld('22222222'), (ok) => ok, { what: 'the second check with the provider' })
      held.release('22222222')

      const [event] = await receiver.waitForDistinct(1, 20_000)
      assert.equal(JSON.parse(event!.body).data.bankAccountId, kept)
      await sleep(1500) // nothing more may arrive
      assert.deepEqual(receiver.requests.map((r) => JSON.parse(r.body).data.bankAccountId), [kept])

      const attempts = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })
      assert.deepEqual(attempts.json().map((b: { id: number, bavAttemptHistory: unknown[] }) => [b.id, b.bavAttemptHistory.length]), [[kept, 1]])
      const stored = await connection.db.query<{ status: string, failureReason: string }>(
        `SELECT status, failure_reason AS "failureReason" FROM checks WHERE subject_type = 'bankAccount' AND subject_id = $1`, [deleted])
      assert.deepEqual(stored, [{ status: 'failed', failureReason: 'The bank account was deleted before the check completed.' }])
      const history = await connection.db.query('SELECT 1 FROM bav_histories WHERE bank_account_id = $1', [deleted])
      assert.deepEqual(history, [], 'a BAV history for the deleted account')
    } finally {
      await receiver.close()
    }
  })
})
