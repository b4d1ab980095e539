import type { BavCopConfig, Environment } from '../../config/config.ts'
import type { BavProvider } from './bav-provider.ts'
import { createProductionBavProvider } from './production-provider.ts'
import { createSandboxBavProvider } from './sandbox-provider.ts'

/**
 * The BAV provider of this deployment: the sandbox's deterministic one, or in production the
 * modulus check with Confirmation of Payee when `cop` is configured (BAV_COP_URL), without it
 * otherwise. BAV is offered in both environments; `reason` stays for the callers' shape.
 */
export function bavProviderFor (environment: Environment, cop: BavCopConfig | null = null): { provider: BavProvider, reason: string | null } {
  if (environment === 'sandbox') return { provider: createSandboxBavProvider(), reason: null }
  return { provider: createProductionBavProvider(cop), reason: null }
}
