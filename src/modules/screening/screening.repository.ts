import type { Queryable } from '../../infra/db/database.ts'
import type { ListFormat } from './lists/index.ts'

export interface Rescreen { status: 'running' | 'done', cases: number, changed: number, doneAt: string | null }
export interface ListVersion { source: string, format: ListFormat, version: string, entries: number, importedAt: string, rescreen: Rescreen }

/** An entry ready to store: its names as published, and the normalised words of all of them. */
export interface StoredEntry {
  entityId: string
  schema: string
  names: string[]
  birthDates: string[]
  countries: string[]
  topics: string[]
  tokens: string[]
}

/** A key a listed word is found by (search-words.ts). */
export interface WordKey { key: string, token: string }

/** A word of the query and its keys. */
export interface QueryWord { token: string, keys: string[] }

export interface CandidateRow {
  source: string
  entityId: string
  schema: string
  names: string[]
  birthDates: string[]
  countries: string[]
  topics: string[]
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const LIST_COLUMNS = `source, format, version, entries, ${iso('imported_at')} AS "importedAt",
  json_build_object('status', rescreen_status, 'cases', rescreen_cases, 'changed', rescreen_changed, 'doneAt', ${iso('rescreen_done_at')}) AS rescreen`

/** Starts replacing a source: its old entries go, its row says an import is under way (rolled back with it on failure). */
export async function beginReplace (tx: Queryable, source: string, format: ListFormat, at: Date): Promise<void> {
  // The source's row first: its lock makes a concurrent import of the same source wait for this one.
  await tx.query(
    `INSERT INTO screening_lists (source, format, version, entries, imported_at) VALUES ($1, $2, 'importing', 0, $3)
     ON CONFLICT (source) DO UPDATE SET format = EXCLUDED.format, version = EXCLUDED.version, entries = 0, imported_at = EXCLUDED.imported_at,
       rescreen_status = 'running', rescreen_after = 0, rescreen_cases = 0, rescreen_changed = 0, rescreen_done_at = NULL`,
    [source, format, at])
  await tx.query('DELETE FROM screening_entries WHERE source = $1', [source])
}

/** A batch of entries, their words, and the words new to the vocabulary with their keys, in one statement. */
export async function insertEntries (tx: Queryable, source: string, entries: readonly StoredEntry[], newWords: readonly string[], keys: readonly WordKey[]): Promise<void> {
  await tx.query(
    `WITH x AS (
       SELECT a.i - 1 AS i, e.* FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS a (entry, i),
         jsonb_to_record(a.entry) AS e ("entityId" text, schema text, names text[], "birthDates" text[], countries text[], topics text[], tokens text[])
     ), e AS (
       INSERT INTO screening_entries (source, entity_id, schema, names, birth_dates, countries, topics)
       SELECT $1, "entityId", schema, names, "birthDates", countries, topics FROM x ORDER BY i
       RETURNING id
     ), numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM e
     ), tokens AS (
       INSERT INTO screening_tokens (token, entry_id)
       SELECT DISTINCT t.token, numbered.id FROM numbered JOIN x USING (i), unnest(x.tokens) AS t (token)
     ), vocabulary AS (
       INSERT INTO screening_vocabulary (token) SELECT unnest($3::text[]) ON CONFLICT (token) DO NOTHING
     )
     INSERT INTO screening_word_keys (key, token)
     SELECT key, token FROM jsonb_to_recordset($4::jsonb) AS k (key text, token text)
     ON CONFLICT (key, token) DO NOTHING`,
    [source, JSON.stringify(entries), newWords, JSON.stringify(keys)])
}

export async function finishReplace (tx: Queryable, source: string, version: string, entries: number): Promise<ListVersion> {
  const [row] = await tx.query<ListVersion>(`UPDATE screening_lists SET version = $2, entries = $3 WHERE source = $1 RETURNING ${LIST_COLUMNS}`, [source, version, entries])
  return row!
}

export async function listVersions (q: Queryable): Promise<ListVersion[]> {
  return q.query<ListVersion>(`SELECT ${LIST_COLUMNS} FROM screening_lists WHERE version <> 'importing' ORDER BY source`)
}

/**
 * The entries with at least `minWords` words near the query's, most first. A listed word is near a
 * query word when it shares a key with it (search-words.ts) or is spelt alike (trigram similarity,
 * pg_trgm's default 0.3). The near words are gathered first (an array), so each one's entries come
 * from the index: a join let the planner read the whole table.
 */
export async function findCandidates (q: Queryable, words: readonly QueryWord[], minWords: number, limit: number): Promise<CandidateRow[]> {
  return q.query<CandidateRow>(
    `WITH near AS (
       SELECT v.token FROM unnest($1::text[]) AS q (token) JOIN screening_vocabulary v ON v.token % q.token
       UNION SELECT token FROM screening_word_keys WHERE key = ANY ($2::text[])
     ), hits AS (
       -- Words spelt as the query's count twice: among many entries near a common name, those first.
       SELECT t.entry_id, count(*) + count(*) FILTER (WHERE t.token = ANY ($1::text[])) AS shared
       FROM screening_tokens t WHERE t.token = ANY (ARRAY(SELECT token FROM near))
       GROUP BY t.entry_id HAVING count(*) >= $3
       ORDER BY shared DESC, t.entry_id LIMIT $4
     )
     SELECT e.source, e.entity_id AS "entityId", e.schema, e.names, e.birth_dates AS "birthDates", e.countries, e.topics
     FROM hits JOIN screening_entries e ON e.id = hits.entry_id
     ORDER BY hits.shared DESC, e.id`,
    [words.map((w) => w.token), [...new Set(words.flatMap((w) => w.keys))], minWords, limit])
}

/** Fresh statistics and visibility after an import, so the planner reads the new entries through their indexes. */
export async function analyse (db: Queryable): Promise<void> {
  for (const table of ['screening_entries', 'screening_tokens', 'screening_vocabulary', 'screening_word_keys']) await db.query(`VACUUM ANALYZE ${table}`)
}

/** The entries decided false positives for the case, as `source entityId` keys. */
export async function dismissedFor (q: Queryable, caseId: number): Promise<Set<string>> {
  const rows = await q.query<{ key: string }>(`SELECT source || ' ' || entity_id AS key FROM screening_decisions WHERE case_id = $1 AND decision = 'false_positive'`, [caseId])
  return new Set(rows.map((r) => r.key))
}

/** Records (or changes) the decision on an entry for the case. */
export async function recordDecision (q: Queryable, d: { caseId: number, source: string, entityId: string, decision: string, checkId: number, hitId: number, at: Date }): Promise<void> {
  await q.query(
    `INSERT INTO screening_decisions (case_id, source, entity_id, decision, check_id, hit_id, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (case_id, source, entity_id) DO UPDATE SET decision = EXCLUDED.decision, check_id = EXCLUDED.check_id, hit_id = EXCLUDED.hit_id, decided_at = EXCLUDED.decided_at`,
    [d.caseId, d.source, d.entityId, d.decision, d.checkId, d.hitId, d.at])
}

/**
 * Moves a re-screen past a batch, once: false when this version's re-screen is no longer at `after`
 * (the batch was done by a job that ran before, or a newer import replaced the version).
 */
export async function advanceRescreen (tx: Queryable, r: { source: string, version: string, after: number, to: number, cases: number, changed: number, done: boolean, at: Date }): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE screening_lists SET rescreen_after = $4, rescreen_cases = rescreen_cases + $5, rescreen_changed = rescreen_changed + $6,
       rescreen_status = CASE WHEN $7 THEN 'done' ELSE 'running' END, rescreen_done_at = CASE WHEN $7 THEN $8::timestamptz END
     WHERE source = $1 AND version = $2 AND rescreen_after = $3 AND rescreen_status = 'running' RETURNING 1`,
    [r.source, r.version, r.after, r.to, r.cases, r.changed, r.done, r.at])
  return rows.length > 0
}

export async function versionOf (q: Queryable, source: string): Promise<string | null> {
  const [row] = await q.query<{ version: string }>('SELECT version FROM screening_lists WHERE source = $1', [source])
  return row?.version ?? null
}

export async function hasLists (q: Queryable): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM screening_lists WHERE version <> 'importing' LIMIT 1`)).length > 0
}

export interface HitDecisionRow { source: string, entityId: string, decision: 'false_positive' | 'true_positive', checkId: number, hitId: number, decidedAt: Date }

/** The decisions on a case's hits, newest first (the caller has made sure the case is the account's). */
export async function listDecisions (q: Queryable, caseId: number): Promise<HitDecisionRow[]> {
  return q.query<HitDecisionRow>(
    `SELECT source, entity_id AS "entityId", decision, check_id AS "checkId", hit_id AS "hitId", decided_at AS "decidedAt"
     FROM screening_decisions WHERE case_id = $1 ORDER BY decided_at DESC, source, entity_id`, [caseId])
}
