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

const INVALID: TokenCheck = Object.freeze({ ok: false, reason: 'invalid' })
const EXPIRED: TokenCheck = Object.freeze({ ok: false, reason: 'expired' })

/** The claims of a token whose signature holds; an answer of invalid for claims we did not issue. */
function checkClaims (payload: Payload): { check: TokenCheck, expiresAtMs: number } {
  const accountId = Number(payload.sub)
  // Account ids are PostgreSQL integers: an id outside 1..2^31-1 names no account (and would fail the query).
  if (!Number.isInteger(accountId) || accountId < 1 || accountId > MAX_ACCOUNT_ID || typeof payload.cv !== 'number' || typeof payload.exp !== 'number') {
    return { check: INVALID, expiresAtMs: Infinity }
  }
  return { check: Object.freeze({ ok: true, claims: Object.freeze({ accountId, credentialsVersion: payload.cv }) }), expiresAtMs: payload.exp * 1000 }
}

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
  // Verified tokens are remembered, as the answer to give while they have not expired (fast-jwt's
  // own cache keys them by a SHA-256, which costs as much as the check); a bad signature throws and
  // is never remembered. The key is the token's last 22 characters, 132 bits of its signature: V8
  // hashes every character of a new string, and the whole token is ten times longer. The entry
  // keeps the whole token, which must match. Expiry is checked on every use.
  const verified = new Map<string, { token: string, check: TokenCheck, expiresAtMs: number }>()
  const decode = (token: string): { check: TokenCheck, expiresAtMs: number } => {
    const key = token.slice(-22)
    let entry = verified.get(key)
    if (entry === undefined || entry.token !== token) {
      entry = { token, ...checkClaims(verifySignature(token) as Payload) }
      if (verified.size >= 10_000) verified.clear()
      verified.set(key, entry)
    }
    return entry
  }
  return {
    issue ({ accountId, credentialsVersion }) {
      const iat = Math.floor(now() / 1000)
      return sign({ sub: String(accountId), cv: credentialsVersion, iat, exp: iat + TOKEN_LIFETIME_SECONDS })
    },
    verify (token) {
      let entry: { check: TokenCheck, expiresAtMs: number }
      try {
        entry = decode(token)
      } catch {
        return INVALID
      }
      return entry.expiresAtMs <= now() ? EXPIRED : entry.check
    },
  }
}
