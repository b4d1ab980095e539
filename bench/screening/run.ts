// npm run bench:screening: AML screening measured through the database, as the service screens.
//   node bench/screening/run.ts [--mode server|embedded|both] [--entries 1000000] [--queries 500]
// 1. Quality: the committed evaluation set's listed entities are imported (OpenSanctions' format, the
//    CLI's import), and every query is screened (candidates from the word index, then the scorer):
//    recall on the listed names' variants and false positives on the unlisted names, per threshold.
// 2. Size: a generated list of --entries is imported beside them (the time is the import's), then
//    --queries screenings (the set's queries, in turn) give the p50 and p99 of one screening, and the
//    recall of the variants among a list that size.
// Server mode uses the machine's PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
// in a schema of its own; embedded mode PGlite in a temporary data directory, as the service's embedded default.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import type { Database } from '../../src/infra/db/database.ts'
import { migrate } from '../../src/infra/db/migrate.ts'
import { openPglite } from '../../src/infra/db/pglite.ts'
import { connectPostgres } from '../../src/infra/db/postgres.ts'
import { importList } from '../../src/modules/screening/list-import.ts'
import { DEFAULT_THRESHOLD } from '../../src/modules/screening/matching/index.ts'
import { screen } from '../../src/modules/screening/screen-against-lists.ts'
import { createScoringSandbox } from '../../src/modules/screening/scoring-sandbox.ts'
import { readEvaluationSet, subjectOf, type EvaluationQuery } from './evaluation-set.ts'
import { generateCsv, joinValues, TARGETS_SIMPLE_HEADER, toCsvLine } from './generate-list.ts'

const { values } = parseArgs({ options: {
  mode: { type: 'string', default: 'both' }, entries: { type: 'string', default: '1000000' }, queries: { type: 'string', default: '500' },
} })
const ENTRIES = Number(values.entries)
const QUERIES = Number(values.queries)
const THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const SCHEMA = 'bench_screening'
const set = readEvaluationSet()
const dir = mkdtempSync(join(tmpdir(), 'idcheck-bench-screening-'))
// Names are scored as the service scores them: in its sandbox process, with its default budget.
const scoring = createScoringSandbox({ budgetMs: 5000 })
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
const percent = (n: number, of: number) => `${(100 * n / of).toFixed(1)} %`

/** The evaluation set's listed entities as an OpenSanctions file (each sanctioned, so a hit is High). */
function evaluationListFile (): string {
  const path = join(dir, 'evaluation.csv')
  const lines = set.listed.map((e) => toCsvLine([
    e.id, e.schema === 'Organization' ? 'Company' : e.schema, e.names[0]!, joinValues(e.names.slice(1)), joinValues(e.birthDates), joinValues(e.countries),
    '', '', 'Evaluation programme', '', '', 'EVAL', 'Evaluation Sanctions', '2026-01-01T00:00:00', '2026-11-01T00:00:00', '2026-01-01T00:00:00',
  ]))
  writeFileSync(path, [toCsvLine(TARGETS_SIMPLE_HEADER), ...lines, ''].join('\n'))
  return path
}

async function generatedListFile (): Promise<string> {
  const path = join(dir, 'generated.csv')
  await pipeline(Readable.from(generateCsv(ENTRIES)), createWriteStream(path))
  return path
}

/** Each query screened at the lowest threshold of the curve: its best score for the expected entity, and its hits. */
async function screenAll (db: Database, queries: EvaluationQuery[]) {
  const outcomes: { query: EvaluationQuery, expectedScore: number, bestOther: number, ms: number }[] = []
  for (const [i, query] of queries.entries()) {
    const started = performance.now()
    const { hits } = await screen(db, subjectOf(query), -(i + 1), THRESHOLDS[0]!, (subject, candidates) => scoring.score(subject, candidates, 1))
    const ms = performance.now() - started
    const evaluated = hits.filter((h) => h.source === 'evaluation')
    const expected = evaluated.find((h) => h.entityId === query.expect)
    outcomes.push({ query, expectedScore: expected?.score ?? 0, bestOther: Math.max(0, ...evaluated.filter((h) => h !== expected).map((h) => h.score)), ms })
  }
  return outcomes
}

async function open (mode: string): Promise<Database> {
  if (mode === 'embedded') return (await openPglite(join(dir, 'data'))).db
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`)
  await admin.end()
  return connectPostgres(PG_URL, SCHEMA)
}

async function run (mode: string): Promise<void> {
  const db = await open(mode)
  try {
    await migrate(db)
    const noop = async () => {}
    await importList(db, { path: evaluationListFile(), format: 'opensanctions-csv', source: 'evaluation', now: new Date() }, noop)

    const outcomes = await screenAll(db, set.queries)
    const variants = outcomes.filter((o) => o.query.expect !== null)
    const unlisted = outcomes.filter((o) => o.query.expect === null)
    console.log(`\n## ${mode}: ${set.listed.length} listed entities, ${variants.length} variants, ${unlisted.length} unlisted names`)
    console.log('| threshold | recall (variants) | false positives (unlisted) |\n|---|---|---|')
    for (const t of THRESHOLDS) {
      const found = variants.filter((o) => o.expectedScore >= t).length
      const hit = unlisted.filter((o) => o.bestOther >= t).length
      console.log(`| ${t.toFixed(2)}${t === DEFAULT_THRESHOLD ? ' (default)' : ''} | ${percent(found, variants.length)} (${found}/${variants.length}) | ${percent(hit, unlisted.length)} (${hit}/${unlisted.length}) |`)
    }

    const generated = await generatedListFile()
    const started = performance.now()
    const version = await importList(db, { path: generated, format: 'opensanctions-csv', source: 'generated', now: new Date() }, noop)
    const importSeconds = (performance.now() - started) / 1000
    const sample = Array.from({ length: QUERIES }, (_, i) => set.queries[(i * 7) % set.queries.length]!)
    await screenAll(db, sample.slice(0, 20)) // warm-up
    const timed = await screenAll(db, sample)
    const ms = timed.map((o) => o.ms).sort((a, b) => a - b)
    const atSize = await screenAll(db, set.queries.filter((q) => q.expect !== null))
    const found = atSize.filter((o) => o.expectedScore >= DEFAULT_THRESHOLD).length
    console.log(`\n${mode}: import of ${version.entries} generated entries ${importSeconds.toFixed(0)} s (peak RSS of this process so far ${Math.round(process.resourceUsage().maxRSS / 1024)} MB); one screening among ${version.entries + set.listed.length} entries: ` +
      `p50 ${pct(ms, 0.5).toFixed(1)} ms, p99 ${pct(ms, 0.99).toFixed(1)} ms (${QUERIES} screenings); recall at that size ${percent(found, atSize.length)} (${found}/${atSize.length})`)
  } finally {
    await db.close()
  }
}

try {
  for (const mode of values.mode === 'both' ? ['server', 'embedded'] : [values.mode!]) await run(mode)
} finally {
  await scoring.close()
  rmSync(dir, { recursive: true, force: true })
}
