import type { FailureCounter } from '../../infra/rate-limit/failure-counter.ts'
import { secretMatches } from '../../infra/security/secrets.ts'
import { TOKEN_LIFETIME_SECONDS, type Tokens } from '../../infra/security/tokens.ts'
import type { Caller } from '#shared/caller.ts'
import type { AccountsService } from '../accounts/index.ts'
import { InvalidClientCredentials, TooManyFailedAuthentications } from './auth.errors.ts'
import type { AuthInfo, CredentialsCache } from './credentials-cache.ts'
import { Unauthorized } from '../../infra/http/api-error.ts'

export interface AuthDeps {
  accounts: Pick<AccountsService, 'findCredentials'>
  tokens: Tokens
  cache: CredentialsCache
  failures: FailureCounter
  /** Attempts per (address, clientId) per minute. */
  failuresPerMinute: number
  /** Attempts per address per minute over every clientId: higher, since clients behind one proxy or NAT share it. */
  failuresPerAddressPerMinute: number
  defaultRateLimit: number
}

export type AuthService = ReturnType<typeof createAuthService>

// A well-formed-looking secret to hash when the clientId is unknown, so both failures cost the same.
const DUMMY_HASH = '0'.repeat(64)

// How long an attempt waits for attempts still being judged before it counts as over the limit.
const ADMISSION_WAIT_MS = 2000
const ADMISSION_POLL_MS = 20

export function createAuthService (deps: AuthDeps) {
  /**
   * Takes a place under every key (this address and clientId; this address), before the secret is
   * judged. An attempt that would exceed a limit only if attempts still in flight fail waits for them.
   */
  const admitOrRefuse = async (keys: string[], limits: number[]): Promise<void> => {
    const deadline = Date.now() + ADMISSION_WAIT_MS
    for (let i = 0; i < keys.length; i++) {
      for (;;) {
        const admission = await deps.failures.admit(keys[i]!, limits[i]!)
        if (admission === 'go') break
        if (admission === 'locked' || Date.now() >= deadline) {
          await Promise.all(keys.slice(0, i).map((key) => deps.failures.settle(key, false)))
          throw new TooManyFailedAuthentications(60)
        }
        await new Promise((resolve) => setTimeout(resolve, ADMISSION_POLL_MS))
      }
    }
  }

  const toCaller = (info: AuthInfo): Caller => ({
    accountId: info.id,
    isReseller: info.isReseller,
    rateLimitPerSecond: info.rateLimitPerSecond ?? deps.defaultRateLimit,
  })

  const checkVersion = (info: AuthInfo | null, credentialsVersion: number): Caller => {
    if (!info || info.credentialsVersion !== credentialsVersion) throw new Unauthorized('The access token has been revoked; authenticate again.')
    return toCaller(info)
  }

  return {
    /** OAuth 2.0 client credentials (the API contract): one indexed lookup, a hash compare, a signature. */
    async issueToken (clientId: string, clientSecret: string, clientIp: string) {
      const keys = [`auth-fail:${clientIp}:${clientId}`, `auth-fail:${clientIp}`]
      const limits = [deps.failuresPerMinute, deps.failuresPerAddressPerMinute]
      await admitOrRefuse(keys, limits)
      // Only a wrong secret counts; a database error is not the client's guess.
      let failed = false
      try {
        const account = await deps.accounts.findCredentials(clientId)
        const ok = secretMatches(clientSecret, account?.secretHash ?? DUMMY_HASH)
        if (!account || !ok) {
          failed = true
          throw new InvalidClientCredentials()
        }
        return {
          accessToken: deps.tokens.issue({ accountId: account.id, credentialsVersion: account.credentialsVersion }),
          expires: TOKEN_LIFETIME_SECONDS,
        }
      } finally {
        await Promise.all(keys.map((key) => deps.failures.settle(key, failed)))
      }
    },

    /**
     * The bearer check of every request. Cached accounts are answered synchronously (no database,
     * no async crypto); a cold or stale entry costs one primary-key read shared by concurrent requests.
     */
    callerFor (authorization: string | undefined): Caller | Promise<Caller> {
      const token = bearerToken(authorization)
      const check = deps.tokens.verify(token)
      if (!check.ok) {
        throw new Unauthorized(check.reason === 'expired' ? 'The access token has expired; authenticate again.' : 'The access token is not valid.')
      }
      const { accountId, credentialsVersion } = check.claims
      const cached = deps.cache.peek(accountId)
      if (cached !== undefined) return checkVersion(cached, credentialsVersion)
      return deps.cache.load(accountId).then((info) => checkVersion(info, credentialsVersion))
    },
  }
}

function bearerToken (authorization: string | undefined): string {
  if (!authorization) throw new Unauthorized('Send an access token in the Authorization header: Bearer <accessToken>.')
  // The usual form, exactly "Bearer <token>", without running the regular expression.
  // (Other whitespace in the token would fail its signature check: 401 either way.)
  if (authorization.length > 7 && authorization.startsWith('Bearer ') && authorization.indexOf(' ', 7) === -1 && authorization.indexOf('\t') === -1) return authorization.slice(7)
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match) throw new Unauthorized('The Authorization header must have the form: Bearer <accessToken>.')
  return match[1]!
}
