import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export interface SecretBox {
  seal (plaintext: string): string
  open (sealed: string): string
}

/**
 * Authenticated encryption (AES-256-GCM) for secrets the service must use later, such as webhook
 * signing secrets, so the database never holds them in clear. The key is derived from the token
 * signing key; a purpose label keeps the two uses apart.
 */
export function createSecretBox (rootKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', rootKey, 'idcheck', purpose, 32))
  return {
    seal (plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    open (sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
