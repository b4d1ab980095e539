import assert from 'node:assert/strict'
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { createSecretBox } from './secret-box.ts'

const key = () => randomBytes(32).toString('base64url')
const PURPOSE = 'webhook-signing-secrets'

/** A value as versions before key ids sealed it: v1, under a key derived from the token signing key. */
function sealV1 (tokenKey: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(hkdfSync('sha256', tokenKey, 'idcheck', PURPOSE, 32)), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

describe('secret box', () => {
  it('when a secret is sealed, then it opens with the same keys and names the key it was sealed with', () => {
    const box = createSecretBox({ current: key(), previous: [] }, PURPOSE)
    const sealed = box.seal('whsec_abc')
    assert.match(sealed, /^v2\.[A-Za-z0-9_-]{8}\./)
    assert.equal(box.open(sealed), 'whsec_abc')
    assert.equal(box.isStale(sealed), false)
  })

  it('when the key is rotated and the old one kept as previous, then old values open and are stale', () => {
    const old = key()
    const sealed = createSecretBox({ current: old, previous: [] }, PURPOSE).seal('whsec_old')
    const rotated = createSecretBox({ current: key(), previous: [old] }, PURPOSE)
    assert.equal(rotated.open(sealed), 'whsec_old')
    assert.equal(rotated.isStale(sealed), true)
  })

  it('when the key that sealed a value is gone, then opening it fails with a message naming the settings', () => {
    const sealed = createSecretBox({ current: key(), previous: [] }, PURPOSE).seal('whsec_x')
    assert.throws(() => createSecretBox({ current: key(), previous: [] }, PURPOSE).open(sealed), /neither WEBHOOK_SECRET_KEY nor in WEBHOOK_SECRET_KEYS_PREVIOUS/)
  })

  it('when a value was sealed by an earlier version under the token key, then it still opens and is stale', () => {
    const tokenKey = key()
    const box = createSecretBox({ current: key(), previous: [], legacyRootKey: tokenKey }, PURPOSE)
    const legacy = sealV1(tokenKey, 'whsec_legacy')
    assert.equal(box.open(legacy), 'whsec_legacy')
    assert.equal(box.isStale(legacy), true)
  })

  it('when a sealed value was tampered with, then it does not open', () => {
    const box = createSecretBox({ current: key(), previous: [] }, PURPOSE)
    const parts = box.seal('whsec_abc').split('.')
    parts[4] = Buffer.from('whsec_xyz').toString('base64url')
    assert.throws(() => box.open(parts.join('.')))
  })
})
