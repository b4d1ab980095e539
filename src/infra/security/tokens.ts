import { createSigner, createVerifier } from 'fast-jwt'

export const TOKEN_LIFETIME_SECONDS = 3600
const MAX_ACCOUNT_ID = 2_147_483_647

export interface TokenClaims {
  accountId: number
  credentialsVersion: number
}

export type TokenCheck =
  | { ok: true, claims: TokenClaims }
  | { ok: false, reason: 'invalid' | 'expired' }

type Payload = { sub?: unknown, cv?: unknown, exp?: unknown }

export interface Tokens {
  issue (claims: TokenClaims): string
  verify (token: string): TokenCheck
}

/**
 * HS256 JWTs signed and verified synchronously (no database, no async crypto on the hot path).
 * Expiry is checked against the injected clock so tests can move time.
 */
export function createTokens (key: string, now: () => number): Tokens {
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true })
  const verifySignature = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true })
  // Verified tokens are remembered under the token itself (fast-jwt's own cache keys them by a
  // SHA-256, which costs as much as the check). Expiry is still checked on every use, below.
  const verified = new Map<string, Payload>()
  const decode = (token: string): Payload => {
    let payload = verified.get(token)
    if (payload === undefined) {
      payload = verifySignature(token) as Payload
      if (verified.size >= 10_000) verified.clear()
      verified.set(token, payload)
    }
    return payload
  }
  return {
    issue ({ accountId, credentialsVersion }) {
      const iat = Math.floor(now() / 1000)
      return sign({ sub: String(accountId), cv: credentialsVersion, iat, exp: iat + TOKEN_LIFETIME_SECONDS })
    },
    verify (token) {
      let payload: Payload
      try {
        payload = decode(token)
      } catch {
        return { ok: false, reason: 'invalid' }
      }
      const accountId = Number(payload.sub)
      // Account ids are PostgreSQL integers: an id outside 1..2^31-1 names no account (and would fail the query).
      if (!Number.isInteger(accountId) || accountId < 1 || accountId > MAX_ACCOUNT_ID || typeof payload.cv !== 'number' || typeof payload.exp !== 'number') {
        return { ok: false, reason: 'invalid' }
      }
      if (payload.exp * 1000 <= now()) return { ok: false, reason: 'expired' }
      return { ok: true, claims: { accountId, credentialsVersion: payload.cv } }
    },
  }
}
