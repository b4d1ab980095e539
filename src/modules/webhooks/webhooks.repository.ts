import type { Queryable } from '../../infra/db/database.ts'

export interface EndpointRow { id: number, url: string, events: string[], createdAt: Date }

const ENDPOINT_COLUMNS = 'id, url, events, created_at AS "createdAt"'

async function insertEndpoint (q: Queryable, accountId: number, url: string, events: string[], secretCiphertext: string): Promise<EndpointRow> {
  const [row] = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (account_id, url, events, secret_ciphertext) VALUES ($1, $2, $3::text[], $4) RETURNING ${ENDPOINT_COLUMNS}`,
    [accountId, url, events, secretCiphertext])
  return row!
}

/**
 * Inserts an endpoint unless the account has `limit` active ones already; null then. An advisory
 * lock per account makes the count and the insert one step for concurrent creates.
 */
export async function insertEndpointWithin (tx: Queryable, limit: number, accountId: number, url: string, events: string[], secretCiphertext: string): Promise<EndpointRow | null> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'), $1)", [accountId])
  const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE account_id = $1 AND disabled_at IS NULL', [accountId]) as [{ n: number }]
  if (n >= limit) return null
  return insertEndpoint(tx, accountId, url, events, secretCiphertext)
}

export async function listEndpoints (q: Queryable, accountId: number): Promise<EndpointRow[]> {
  return q.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE account_id = $1 AND disabled_at IS NULL ORDER BY id`, [accountId])
}

export async function findEndpoint (q: Queryable, accountId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await q.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND account_id = $2 AND disabled_at IS NULL`, [id, accountId])
  return row
}

export async function disableEndpoint (q: Queryable, id: number, reason: string, accountId: number | null = null): Promise<boolean> {
  const rows = await q.query(
    `UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = $2
     WHERE id = $1 AND ($3::int IS NULL OR account_id = $3) AND disabled_at IS NULL RETURNING id`, [id, reason, accountId])
  return rows.length > 0
}

/**
 * The events, in order, and one delivery per subscribed, active endpoint of the account for each
 * (or, with `onlyEndpointId`, to that endpoint only), in one statement: publishing sits in every
 * result's transaction.
 */
export async function insertEventsWithDeliveries (q: Queryable, accountId: number, events: readonly { type: string, payload: string }[], onlyEndpointId: number | null): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `WITH input AS (SELECT * FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x (type, payload, n)),
     event AS (INSERT INTO webhook_events (account_id, type, payload) SELECT $1, type, payload FROM input ORDER BY n RETURNING id, type)
     INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at)
     SELECT event.id, e.id, now() FROM event JOIN webhook_endpoints e ON e.account_id = $1 AND e.disabled_at IS NULL
       AND ($4::int IS NOT NULL OR event.type = ANY (e.events)) AND ($4::int IS NULL OR e.id = $4)
     ORDER BY event.id, e.id
     RETURNING id`, [accountId, events.map((e) => e.type), events.map((e) => e.payload), onlyEndpointId])
  return rows.map((r) => r.id)
}

export interface DeliveryWork {
  id: number
  status: 'pending' | 'succeeded' | 'failed'
  attemptCount: number
  url: string
  secretCiphertext: string
  endpointId: number
  endpointDisabled: boolean
  eventType: string
  payload: string
}

export async function findDeliveryWork (q: Queryable, deliveryId: number): Promise<DeliveryWork | undefined> {
  const [row] = await q.query<DeliveryWork>(
    `SELECT d.id, d.status, d.attempt_count AS "attemptCount", e.url, e.secret_ciphertext AS "secretCiphertext", e.id AS "endpointId",
       e.disabled_at IS NOT NULL AS "endpointDisabled", ev.type AS "eventType", ev.payload
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.id = $1`, [deliveryId])
  return row
}

export interface AttemptRecord {
  deliveryId: number
  attemptNumber: number
  statusCode: number | null
  durationMs: number
  error: string | null
  responseBody: string | null
}

/** null when another worker already recorded this attempt number (the job ran twice). */
export async function insertAttempt (q: Queryable, a: AttemptRecord): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO webhook_delivery_attempts (delivery_id, attempt_number, status_code, duration_ms, error, response_body)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (delivery_id, attempt_number) DO NOTHING RETURNING id`,
    [a.deliveryId, a.attemptNumber, a.statusCode, Math.round(a.durationMs), a.error, a.responseBody])
  return row?.id ?? null
}

/**
 * A successful attempt and its delivery marked succeeded, in one statement; false when this
 * attempt number was recorded already (the job ran twice).
 */
export async function recordSuccess (q: Queryable, a: AttemptRecord): Promise<boolean> {
  const rows = await q.query(
    `WITH attempt AS (
       INSERT INTO webhook_delivery_attempts (delivery_id, attempt_number, status_code, duration_ms, error, response_body)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (delivery_id, attempt_number) DO NOTHING RETURNING delivery_id)
     UPDATE webhook_deliveries SET status = 'succeeded', attempt_count = $2, next_attempt_at = NULL, updated_at = now()
     WHERE id IN (SELECT delivery_id FROM attempt) RETURNING id`,
    [a.deliveryId, a.attemptNumber, a.statusCode, Math.round(a.durationMs), a.error, a.responseBody])
  return rows.length > 0
}

export async function updateDelivery (q: Queryable, id: number, status: string, attemptCount: number, nextAttemptAt: Date | null): Promise<void> {
  await q.query('UPDATE webhook_deliveries SET status = $2, attempt_count = $3, next_attempt_at = $4, updated_at = now() WHERE id = $1',
    [id, status, attemptCount, nextAttemptAt])
}

export interface AttemptRow { attemptNumber: number, statusCode: number | null, durationMs: number, error: string | null, responseBody: string | null, createdAt: string }

export interface DeliveryRow {
  id: number
  eventId: number
  eventType: string
  status: string
  attemptCount: number
  nextAttemptAt: Date | null
  createdAt: Date
  /** Newest first; createdAt as PostgreSQL writes a timestamptz into JSON. */
  attempts: AttemptRow[]
}

/**
 * The endpoint's latest deliveries with their attempts in one statement, so one snapshot: read apart, a worker
 * committing between the two reads showed an attempt next to the delivery's state from before it.
 */
export async function listDeliveries (q: Queryable, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    `SELECT d.id, d.event_id AS "eventId", ev.type AS "eventType", d.status, d.attempt_count AS "attemptCount",
       d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt",
       COALESCE((SELECT json_agg(json_build_object('attemptNumber', a.attempt_number, 'statusCode', a.status_code,
           'durationMs', a.duration_ms, 'error', a.error, 'responseBody', a.response_body, 'createdAt', a.created_at)
           ORDER BY a.attempt_number DESC)
         FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
     FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2`, [endpointId, limit])
}

/** Puts a delivery of the endpoint back in the queue; false when it does not exist. */
export async function requeueDelivery (q: Queryable, endpointId: number, deliveryId: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now()
     WHERE id = $1 AND endpoint_id = $2 RETURNING id`, [deliveryId, endpointId])
  return rows.length > 0
}

/** Every endpoint's sealed secret, deleted ones too (their deliveries may still be retried by hand). */
export async function listSealedSecrets (q: Queryable): Promise<{ id: number, sealed: string }[]> {
  return q.query<{ id: number, sealed: string }>('SELECT id, secret_ciphertext AS sealed FROM webhook_endpoints ORDER BY id')
}

export async function replaceSealedSecret (q: Queryable, id: number, sealed: string): Promise<void> {
  await q.query('UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1', [id, sealed])
}
