import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it } from 'node:test'
import { connectDatabase } from '../../infra/db/connect.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenToken } from '../../../test/helpers/given.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { givenWebhook, verifySignature } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// Webhook secrets are sealed under WEBHOOK_SECRET_KEY, not the token key: a deployment that rotates
// either key keeps signing its deliveries with the secrets its integrators hold.
const key = () => randomBytes(32).toString('base64url')

describe('rotating keys keeps webhook secrets', async () => {
  const first = testConfig({ rateLimitPerSecond: 10_000, webhookSecretKeys: { current: key(), previous: [] } })
  const connection = await connectDatabase(first)
  after(() => connection.db.close())
  const before = await buildTestApp(first, { connection })
  const reseller = await givenReseller(before.app)
  const receiver = await startWebhookReceiver()
  after(() => receiver.close())
  const webhook = await givenWebhook(before.app, reseller, receiver.url, ['bank_account.bav_completed'])
  await before.app.close()

  // The same database, with a new token key and a new webhook key; the old webhook key is kept as previous.
  const rotated = await buildTestApp({
    ...first,
    tokenSigningKey: key(),
    webhookSecretKeys: { current: key(), previous: [first.webhookSecretKeys.current] },
  }, { connection })
  const token = await givenToken(rotated.app, reseller.clientId, reseller.clientSecret)
  const auth = { authorization: `Bearer ${token}` }

  it('when both keys are rotated, then an endpoint made before is still signed with the secret its owner holds', async () => {
    const res = await rotated.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: auth })
    assert.equal(res.statusCode, 202, res.body)
    const [received] = await receiver.waitForDistinct(1, 20_000)
    const event = verifySignature(webhook.secret, received!) as { type: string }
    assert.equal(event.type, 'webhook.test')
  })

  it('when an endpoint is made after the rotation, then its secret is sealed under the new key only', async () => {
    await givenWebhook(rotated.app, { ...reseller, token, auth }, receiver.url, ['bank_account.bav_completed'])
    const rows = await connection.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM webhook_endpoints ORDER BY id')
    assert.equal(rows.length, 2)
    const [oldKeyId, newKeyId] = rows.map((r) => r.secret_ciphertext.split('.').slice(0, 2).join('.'))
    assert.match(oldKeyId!, /^v2\.[A-Za-z0-9_-]{8}$/)
    assert.match(newKeyId!, /^v2\.[A-Za-z0-9_-]{8}$/)
    assert.notEqual(oldKeyId, newKeyId)
    for (const row of rows) assert.ok(!row.secret_ciphertext.includes('whsec_'), 'no secret in clear')
  })
})
