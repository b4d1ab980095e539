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
  /**
   * SQL that is true when the account (the parameter `accountParam`, e.g. '$1') has the service of
   * this check type, for a statement of another module to include; null when it is not offered here.
   */
  enabledCondition (checkType: string, accountParam: string): string | null
  replaceEnabled (tx: Queryable, accountId: number, serviceIds: readonly number[]): Promise<void>
}

export interface CatalogueOptions {
  environment: Environment
  /** Production provider names by the service's check type (e.g. { BAV: 'idcheck-modulus' }); absent = not offered. */
  productionProviders: Readonly<Record<string, string>>
}

/** The catalogue is a fixed seeded table, so it is read once at start and served from memory. */
export async function createServicesCatalogue (db: Queryable, options: CatalogueOptions): Promise<ServicesCatalogue> {
  const offered: ServiceEntry[] = []
  for (const row of await repo.listAll(db)) {
    const provider = options.environment === 'sandbox' ? 'Sandbox' : options.productionProviders[row.checkType]
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
    enabledCondition (checkType, accountParam) {
      const service = offered.find((s) => s.checkType === checkType)
      return service ? repo.enabledCondition(service.serviceId, accountParam) : null
    },
    replaceEnabled: (tx, accountId, serviceIds) => repo.replaceEnabled(tx, accountId, [...new Set(serviceIds)]),
  }
}
