import type { Environment } from '../../config/config.ts'
import type { BavProvider } from './bav-provider.ts'
import { createSandboxBavProvider } from './sandbox-provider.ts'

/**
 * The BAV provider of this deployment. The sandbox always has its deterministic one; production
 * offers BAV only with a configured adapter, and none is bundled yet, so there it is not offered
 * (and the server says so at start).
 */
export function bavProviderFor (environment: Environment): { provider: BavProvider | null, reason: string | null } {
  if (environment === 'sandbox') return { provider: createSandboxBavProvider(), reason: null }
  return { provider: null, reason: 'BAV is not offered: no production BAV provider adapter is configured (see docs/operating.md)' }
}
