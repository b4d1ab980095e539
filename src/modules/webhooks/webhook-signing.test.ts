import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Webhook } from 'standardwebhooks'
import { generateWebhookSecret, signedHeaders } from './webhook-signing.ts'

describe('webhook signing', () => {
  it('when a secret is generated, then it is whsec_ followed by 32 random bytes in base64', () => {
    const secret = generateWebhookSecret()
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.equal(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 32)
    assert.notEqual(generateWebhookSecret(), secret)
  })

  it('when a body is signed, then the library verifies it with the same secret', () => {
    const secret = generateWebhookSecret()
    const body = JSON.stringify({ type: 'bank_account.bav_completed', data: { id: 1 } })
    const headers = signedHeaders(secret, { msgId: 'msg_1', timestamp: new Date(), body })

    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body))
  })

  it('when signed, then the headers carry the id, the unix seconds and a v1 signature', () => {
    const timestamp = new Date('2025-06-23T10:00:00.987Z')
    const headers = signedHeaders(generateWebhookSecret(), { msgId: 'msg_2', timestamp, body: '{}' })

    assert.deepEqual(Object.keys(headers).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp'])
    assert.equal(headers['webhook-id'], 'msg_2')
    assert.equal(headers['webhook-timestamp'], String(Math.floor(timestamp.getTime() / 1000)))
    assert.match(headers['webhook-signature'] ?? '', /^v1,[A-Za-z0-9+/]{43}=$/)
  })

  it('when the body is tampered with after signing, then verification fails', () => {
    const secret = generateWebhookSecret()
    const headers = signedHeaders(secret, { msgId: 'msg_3', timestamp: new Date(), body: '{"amount":1}' })

    assert.throws(() => new Webhook(secret).verify('{"amount":100}', headers), /No matching signature/)
  })

  it('when verified with another secret, then verification fails', () => {
    const headers = signedHeaders(generateWebhookSecret(), { msgId: 'msg_4', timestamp: new Date(), body: '{}' })

    assert.throws(() => new Webhook(generateWebhookSecret()).verify('{}', headers), /No matching signature/)
  })
})
