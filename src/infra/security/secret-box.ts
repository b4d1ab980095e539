import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

export interface SecretBox {
  seal (plaintext: string): string
  open (sealed: string): string
  /** True when a sealed value is not under the current key (rotation re-seals it). */
  isStale (sealed: string): boolean
}

export interface SecretBoxKeys {
  /** Seals every new secret. */
  current: string
  /** Earlier keys, still accepted to open what they sealed until it is re-sealed. */
  previous: readonly string[]
  /** The token signing key, which sealed v1 values before webhook secrets had a key of their own. */
  legacyRootKey?: string
}

type Key = { id: string, bytes: Buffer }

const deriveKey = (rootKey: string, purpose: string) => Buffer.from(hkdfSync('sha256', rootKey, 'idcheck', purpose, 32))
// A key id names the key a value was sealed with, so rotation can keep several keys readable.
const keyId = (rootKey: string) => createHash('sha256').update('idcheck key id\0' + rootKey).digest('base64url').slice(0, 8)

/**
 * Authenticated encryption (AES-256-GCM) for secrets the service must use later, such as webhook
 * signing secrets, so the database never holds them in clear. Sealed values name their key
 * (`v2.<keyId>.…`), so a rotated key keeps opening what it sealed until everything is re-sealed.
 */
export function createSecretBox (keys: SecretBoxKeys, purpose: string): SecretBox {
  const toKey = (rootKey: string): Key => ({ id: keyId(rootKey), bytes: deriveKey(rootKey, purpose) })
  const current = toKey(keys.current)
  const byId = new Map<string, Key>([current, ...keys.previous.map(toKey)].map((k) => [k.id, k]))
  const legacy = keys.legacyRootKey ? deriveKey(keys.legacyRootKey, purpose) : null

  const decrypt = (key: Buffer, iv: string, tag: string, body: string) => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  }

  return {
    seal (plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return ['v2', current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    open (sealed) {
      const parts = sealed.split('.')
      if (parts[0] === 'v2' && parts.length === 5) {
        const key = byId.get(parts[1]!)
        if (!key) throw new Error(`sealed with key ${parts[1]}, which is neither WEBHOOK_SECRET_KEY nor in WEBHOOK_SECRET_KEYS_PREVIOUS`)
        return decrypt(key.bytes, parts[2]!, parts[3]!, parts[4]!)
      }
      if (parts[0] === 'v1' && parts.length === 4 && legacy) return decrypt(legacy, parts[1]!, parts[2]!, parts[3]!)
      throw new Error('unreadable sealed secret')
    },
    isStale: (sealed) => !sealed.startsWith(`v2.${current.id}.`),
  }
}
