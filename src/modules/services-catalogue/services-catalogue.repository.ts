import type { Queryable } from '../../infra/db/database.ts'

export interface ServiceRow { id: number, code: string, checkType: string }

export async function listAll (q: Queryable): Promise<ServiceRow[]> {
  return q.query<ServiceRow>('SELECT id, code, check_type AS "checkType" FROM services ORDER BY id')
}

export async function listEnabledIds (q: Queryable, accountIds: readonly number[]): Promise<{ accountId: number, serviceId: number }[]> {
  if (accountIds.length === 0) return []
  return q.query('SELECT account_id AS "accountId", service_id AS "serviceId" FROM account_services WHERE account_id = ANY($1::int[]) ORDER BY service_id', [accountIds])
}

export const enabledCondition = (serviceId: number, accountParam: string) =>
  `EXISTS (SELECT 1 FROM account_services WHERE account_id = ${accountParam} AND service_id = ${Number(serviceId)})`

/** Replaces the whole list in one statement pair, inside the caller's transaction. */
export async function replaceEnabled (tx: Queryable, accountId: number, serviceIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM account_services WHERE account_id = $1', [accountId])
  if (serviceIds.length === 0) return
  await tx.query('INSERT INTO account_services (account_id, service_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [accountId, serviceIds])
}
