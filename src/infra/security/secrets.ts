import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

/** clientId: public, stable for the life of the account. */
export function generateClientId (): string {
  return randomUUID()
}

/** 256 bits from the CSPRNG, URL-safe so it pastes cleanly into shells and config files. */
export function generateClientSecret (): string {
  return randomBytes(32).toString('base64url')
}

/**
 * SHA-256 suffices for 256-bit random secrets: nobody can guess one, so a slow password hash
 * would only slow the token endpoint (docs/decisions.md, Secrets).
 */
export function hashSecret (secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

export function secretMatches (secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
