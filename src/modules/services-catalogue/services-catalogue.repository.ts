import type { Queryable } from '../../infra/db/database.ts'

export interface ServiceRow { id: number, code: string, checkType: string }

export async function listAll (q: Queryable): Promise<ServiceRow[]> {
  return q.query<ServiceRow>('SELECT id, code, check_type AS "checkType" FROM services ORDER BY id')
}

export async function listEnabledIds (q: Queryable, accountIds: readonly number[]): Promise<{ accountId: number, serviceId: number }[]> {
  if (accountIds.length === 0) return []
  return q.query('SELECT account_id AS "accountId", service_id AS "serviceId" FROM account_services WHERE account_id = ANY($1::int[]) ORDER BY service_id', [accountIds])
}

/** The accounts among `accountIds` that have the service. */
export async function accountsWith (q: Queryable, serviceId: number, accountIds: readonly number[]): Promise<number[]> {
  if (accountIds.length === 0) return []
  const rows = await q.query<{ accountId: number }>('SELECT account_id AS "accountId" FROM account_services WHERE service_id = $1 AND account_id = ANY($2::int[])', [serviceId, accountIds])
  return rows.map((r) => r.accountId)
}

/** Adds the registered check types' services that the table lacks (a new check type); existing ones are left as they are. */
export async function ensureServices (q: Queryable, services: readonly { id: number, code: string, name: string }[]): Promise<void> {
  await q.query('INSERT INTO services (id, code, check_type) SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING',
    [services.map((s) => s.id), services.map((s) => s.code), services.map((s) => s.name)])
}

/** Replaces the whole list in one statement pair, inside the caller's transaction. */
export async function replaceEnabled (tx: Queryable, accountId: number, serviceIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM account_services WHERE account_id = $1', [accountId])
  if (serviceIds.length === 0) return
  await tx.query('INSERT INTO account_services (account_id, service_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [accountId, serviceIds])
}
