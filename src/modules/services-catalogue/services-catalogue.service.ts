import type { Queryable } from '../../infra/db/database.ts'
import type { Environment } from '../../config/config.ts'
import * as repo from './services-catalogue.repository.ts'

export interface ServiceEntry { serviceId: number, checkType: string, provider: string }

export interface ServicesCatalogue {
  /** Every service this deployment offers (has a provider for). */
  offered (): ServiceEntry[]
  /** Offered services enabled on each account, keyed by account id, in one query. */
  enabledFor (q: Queryable, accountIds: readonly number[]): Promise<Map<number, ServiceEntry[]>>
  /** The ids of `wanted` that are not offered services (or not in `allowed` when given). */
  unknownIds (wanted: readonly number[], allowed?: readonly ServiceEntry[]): number[]
  /** The accounts among `accountIds` that have this offered service (none when it is not offered here), in one read. */
  enabledAmong (q: Queryable, checkType: string, accountIds: readonly number[]): Promise<Set<number>>
  replaceEnabled (tx: Queryable, accountId: number, serviceIds: readonly number[]): Promise<void>
}

export interface CatalogueOptions {
  environment: Environment
  /** The registered check types' services, each with its production provider's name (null: not offered). */
  services: readonly { id: number, code: string, name: string, provider: string | null }[]
}

/** The catalogue is a fixed table (a row per registered check type), so it is read once at start and served from memory. */
export async function createServicesCatalogue (db: Queryable, options: CatalogueOptions): Promise<ServicesCatalogue> {
  await repo.ensureServices(db, options.services)
  const productionProviders = new Map(options.services.map((s) => [s.name, s.provider]))
  const offered: ServiceEntry[] = []
  for (const row of await repo.listAll(db)) {
    const provider = options.environment === 'sandbox' ? 'Sandbox' : productionProviders.get(row.checkType)
    if (provider) offered.push({ serviceId: row.id, checkType: row.checkType, provider })
  }
  const byId = new Map(offered.map((s) => [s.serviceId, s]))

  return {
    offered: () => offered,
    async enabledFor (q, accountIds) {
      const result = new Map<number, ServiceEntry[]>(accountIds.map((id) => [id, []]))
      for (const { accountId, serviceId } of await repo.listEnabledIds(q, accountIds)) {
        const entry = byId.get(serviceId)
        if (entry) result.get(accountId)?.push(entry)
      }
      return result
    },
    unknownIds (wanted, allowed) {
      const permitted = new Set((allowed ?? offered).map((s) => s.serviceId))
      return wanted.filter((id) => !permitted.has(id))
    },
    async enabledAmong (q, checkType, accountIds) {
      const service = offered.find((s) => s.checkType === checkType)
      return new Set(service ? await repo.accountsWith(q, service.serviceId, accountIds) : [])
    },
    replaceEnabled: (tx, accountId, serviceIds) => repo.replaceEnabled(tx, accountId, [...new Set(serviceIds)]),
  }
}
