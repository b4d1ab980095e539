// Where BAV end to end's time goes, server mode: N creates through bavEndToEnd (10 at a time), the
// CPU each side spent per create (PostgreSQL, idcheck, this load generator), and from the rows the
// run left, each stage's latency: bank account created → its check completed → webhook delivered.
// node bench/investigations/bav-stages.ts [--creates 1000]
import { parseArgs } from 'node:util'
import pg from 'pg'
import { api, token } from '../lib/api.ts'
import { bavEndToEnd } from '../lib/bav-end-to-end.ts'
import { postgresCpuTimeMs } from '../lib/postgres-cpu.ts'
import { cpuTimeMs, startIdcheck } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { creates: { type: 'string', default: '1000' } } })
const creates = Number(values.creates)
const env = await serverModeEnv('idcheck_bench_stages')
const reseller = benchReseller(env, 'Bench', 'all')
const server = await startIdcheck(env)
try {
  const client = api(server.baseUrl, await token(server.baseUrl, reseller.clientId, reseller.clientSecret))
  await bavEndToEnd(client, 200, 10, false) // warm-up
  const pg0 = postgresCpuTimeMs()
  const idcheck0 = cpuTimeMs(server.child.pid!).total
  const self0 = process.cpuUsage()
  const started = performance.now()
  const r = await bavEndToEnd(client, creates, 10, false)
  const wall = performance.now() - started
  const perCreate = (ms: number) => `${(ms / creates).toFixed(2)} ms per create (${Math.round(ms / wall * 100)}% of a core)`
  const self = process.cpuUsage(self0)
  console.log(`${creates} creates: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} creates/s`)
  console.log(`PostgreSQL ${perCreate(postgresCpuTimeMs() - pg0)}; idcheck ${perCreate(cpuTimeMs(server.child.pid!).total - idcheck0)}; load generator ${perCreate((self.user + self.system) / 1000)}`)

  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  const { rows } = await db.query(`
    WITH delivered AS (
      SELECT (e.payload::json->'data'->>'bankAccountId')::int AS bank_account_id, min(a.created_at) AS at
      FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id JOIN webhook_delivery_attempts a ON a.delivery_id = d.id
      WHERE e.type = 'bank_account.bav_completed' GROUP BY 1),
    stages AS (
      SELECT extract(epoch FROM c.completed_ts - b.created_at) * 1000 AS to_result, extract(epoch FROM d.at - c.completed_ts) * 1000 AS to_webhook
      FROM bank_accounts b JOIN checks c ON c.subject_type = 'bankAccount' AND c.subject_id = b.id JOIN delivered d ON d.bank_account_id = b.id
      WHERE b.id > (SELECT max(id) FROM bank_accounts) - $1)
    SELECT p, round(percentile_cont(p) WITHIN GROUP (ORDER BY to_result))::int AS "toResult", round(percentile_cont(p) WITHIN GROUP (ORDER BY to_webhook))::int AS "toWebhook"
    FROM stages, unnest(ARRAY[0.5, 0.9]::float8[]) AS p GROUP BY p ORDER BY p`, [creates])
  await db.end()
  for (const row of rows) console.log(`p${row.p * 100}: created → check completed ${row.toResult} ms, → webhook delivered ${row.toWebhook} ms more`)
} finally {
  await server.stop()
}
