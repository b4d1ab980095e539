import { defineModule } from '../../infra/app-module.ts'
import { createTokens } from '../../infra/security/tokens.ts'
import { authRoutes } from './auth.routes.ts'
import { FieldErrors, TokenRequest, TokenResponse } from './auth.schemas.ts'
import { type AuthService, createAuthService } from './auth.service.ts'
import { createCredentialsCache } from './credentials-cache.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { auth: AuthService }
}

/** POST /api/authenticate, and the bearer check every other route relies on (registered by app.ts before the routes). */
export const authModule = defineModule({
  name: 'auth',
  schemas: [TokenRequest, TokenResponse, FieldErrors],
  create ({ config, clock, failures, use }) {
    const accounts = use('accounts')
    const cache = createCredentialsCache({ ttlMs: config.credentialsCacheTtlMs, now: () => clock.now(), fetch: (id) => accounts.findAuth(id) })
    accounts.onAuthChanged((id) => cache.invalidate(id))
    return createAuthService({
      accounts,
      tokens: createTokens(config.tokenSigningKey, () => clock.now()),
      cache,
      failures,
      failuresPerMinute: config.authFailuresPerMinute,
      failuresPerAddressPerMinute: config.authFailuresPerAddressPerMinute,
      defaultRateLimit: config.rateLimitPerSecond,
    })
  },
  routes: (auth) => authRoutes(auth),
})
