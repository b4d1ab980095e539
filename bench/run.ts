// npm run bench [-- --mode server|embedded|both] [--duration 10] [--rounds 9] [--only ping,authenticate,accounts,writes,list,bav,documents]
// Starts idcheck, a bare Fastify "Pong" baseline and (server mode) a plain Fastify + pg peer side by
// side, and prints one table. Compare ratios within one run: this machine's speed drifts from run to run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { api, token, waitForQueuesToDrain } from './lib/api.ts'
import { generator, load, type LoadResult } from './lib/load.ts'
import { peakRssMb, startIdcheck, startNode } from './lib/processes.ts'
import { postgresCpuTimeMs } from './lib/postgres-cpu.ts'
import { BENCH_SIGNING_KEY, benchReseller, recreateDatabase, serverModeEnv } from './lib/seed.ts'
import { bavEndToEnd } from './lib/bav-end-to-end.ts'
import { documentScenarios } from './lib/documents.ts'

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'both' }, duration: { type: 'string', default: '10' }, rounds: { type: 'string', default: '9' }, only: { type: 'string' } } })
const duration = Number(values.duration)
/** Scenarios to run besides Ping (all by default). */
const want = (scenario: string) => values.only === undefined || values.only.split(',').includes(scenario)
const rounds = Number(values.rounds)

interface Row { mode: string, scenario: string, r: LoadResult, baselineRps: number | null, ratio?: number, peerRps?: number, pgMicros?: number }
const rows: Row[] = []
const rssNotes: string[] = []

for (const mode of values.mode === 'both' ? ['server', 'embedded'] : [values.mode!]) {
  await benchMode(mode as 'server' | 'embedded')
}
printTable()

async function benchMode (mode: 'server' | 'embedded') {
  const dataDir = mode === 'embedded' ? mkdtempSync(join(tmpdir(), 'idcheck-bench-')) : null
  const env: Record<string, string> = mode === 'server'
    ? await serverModeEnv('idcheck_bench')
    : { DATA_DIR: dataDir!, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }
  // Onboard a reseller and raise its limit with the CLI, as an operator would (embedded: before the server holds the data dir).
  const reseller = benchReseller(env, 'Bench', 'all')

  const baseline = await startNode('bench/baseline-server.ts', {}, '/api/Ping')
  // The database yardstick: the least a service must ask of PostgreSQL for the same create and list.
  const peer = mode === 'server'
    ? await startNode('bench/peer-server.ts', { PEER_DATABASE_URL: await recreateDatabase(process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'idcheck_bench_peer') }, '/api/cases/1/bank-accounts')
    : null
  const server = await startIdcheck(env)
  /** A load and the PostgreSQL CPU it cost per request (server mode). */
  const measured = async (options: Parameters<typeof load>[0]) => {
    const before = postgresCpuTimeMs()
    const r = await load(options)
    return { r, pgMicros: mode === 'server' && r.requests > 0 ? Math.round((postgresCpuTimeMs() - before) * 1000 / r.requests) : undefined }
  }
  try {
    const bearer = await token(server.baseUrl, reseller.clientId, reseller.clientSecret)
    const auth = { authorization: `Bearer ${bearer}` }
    const client = api(server.baseUrl, bearer)

    // Alternate baseline and idcheck, in the order ABBA..., so that a drift of the machine's speed
    // hits both alike. The ratio is the median of each round's own ratio: a fast or slow phase that
    // falls on one load of a round moves that round only.
    const pings: LoadResult[] = []
    const bases: LoadResult[] = []
    const ratios: number[] = []
    const loadBaseline = () => load({ url: baseline.baseUrl + '/api/Ping', durationSeconds: duration, connections: 50 })
    const loadPing = () => load({ url: server.baseUrl + '/api/Ping', durationSeconds: duration, connections: 50, headers: auth })
    for (let i = 0; i < rounds; i++) {
      let b: LoadResult, p: LoadResult
      if (i % 2 === 0) { b = await loadBaseline(); p = await loadPing() } else { p = await loadPing(); b = await loadBaseline() }
      bases.push(b)
      pings.push(p)
      ratios.push(p.rps / b.rps)
    }
    const base = median(bases)
    const pingRatio = ratios.toSorted((a, b) => a - b)[Math.floor(rounds / 2)]!
    rows.push({ mode, scenario: 'baseline: bare Fastify Pong', r: base, baselineRps: base.rps })
    rows.push({ mode, scenario: 'GET /api/Ping (authenticated)', r: median(pings), baselineRps: base.rps, ratio: pingRatio })
    rssNotes.push(`${mode}: Ping / baseline per round: ${ratios.map((r) => r.toFixed(2)).join(', ')} (median ${pingRatio.toFixed(2)})`)

    if (want('authenticate')) rows.push({ mode, scenario: 'POST /api/authenticate', baselineRps: base.rps, r: await load({
      url: server.baseUrl + '/api/authenticate', method: 'POST', durationSeconds: duration, connections: 20,
      body: JSON.stringify({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }),
    }) })

    const run = Date.now()
    if (want('accounts')) rows.push({ mode, scenario: 'POST /api/accounts', baselineRps: base.rps, r: await load({
      url: server.baseUrl + '/api/accounts', method: 'POST', durationSeconds: duration, connections: 20, headers: auth,
      bodyTemplate: JSON.stringify({ name: `bench-${run}-{n}`, enabledServices: [2] }),
    }) })

    const writeCase = await client.createCase('bench-writes')
    const writeBody = JSON.stringify({ countryCode: 'GB', firstName: 'Bench', lastName: 'Holder', sortCode: '089999', accountNumber: '{n}' })
    if (want('writes')) {
      const peerWrites = peer && await measured({ url: `${peer.baseUrl}/api/cases/1/bank-accounts`, method: 'POST', durationSeconds: duration, connections: 20, bodyTemplate: writeBody, firstNumber: 40_000_000 })
      if (peerWrites) rows.push({ mode, scenario: 'peer: plain Fastify + pg, insert row + job row', baselineRps: null, ...peerWrites })
      // Embedded mode is measured at 50 connections: its goal is a p99 under load, one database connection for all.
      const connections = mode === 'embedded' ? 50 : 20
      const writes = await measured({ url: `${server.baseUrl}/api/cases/${writeCase}/bank-accounts`, method: 'POST', durationSeconds: duration, connections, headers: auth, bodyTemplate: writeBody, firstNumber: 40_000_000 })
      rows.push({ mode, scenario: `POST bank-accounts (insert + BAV check), ${connections} connections`, baselineRps: base.rps, peerRps: peerWrites?.r.rps, ...writes })
    }

    await waitForQueuesToDrain(server.baseUrl) // the BAV jobs just queued must not weigh on what follows

    const listCases = new Map<number, number>()
    // The peer's case 2 holds 5 rows, read by key like idcheck's list of 5.
    if (peer && want('list')) for (let n = 0; n < 5; n++) await fetch(`${peer.baseUrl}/api/cases/2/bank-accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: writeBody.replace('{n}', String(60_000_000 + n)) })
    const peerList = peer && want('list') ? await measured({ url: `${peer.baseUrl}/api/cases/2/bank-accounts`, durationSeconds: duration, connections: 20 }) : null
    if (peerList) rows.push({ mode, scenario: 'peer: plain Fastify + pg, read 5 rows by key', baselineRps: null, ...peerList })
    for (const accounts of want('list') ? [5, 50] : []) {
      const caseId = await client.caseWithHistory(`bench-list-${accounts}`, accounts, 5)
      listCases.set(accounts, caseId)
      rows.push({ mode, scenario: `GET bank-accounts (${accounts} × 5 attempts)`, baselineRps: base.rps, peerRps: accounts === 5 ? peerList?.r.rps : undefined, ...await measured({
        url: `${server.baseUrl}/api/cases/${caseId}/bank-accounts`, durationSeconds: duration, connections: 20, headers: auth,
      }) })
    }
    // The same lists at a steady 200 requests/s: their latency without the queueing of a saturated machine.
    for (const [accounts, caseId] of listCases) {
      rows.push({ mode, scenario: `GET bank-accounts (${accounts} × 5) at 200 req/s`, baselineRps: null, r: await load({
        url: `${server.baseUrl}/api/cases/${caseId}/bank-accounts`, durationSeconds: duration, connections: 10, overallRate: 200, headers: auth,
      }) })
    }

    if (want('bav')) {
      rows.push({ mode, scenario: 'BAV create → webhook, 10 clients each awaiting its webhook', baselineRps: null, r: await bavEndToEnd(client, 200, 10, true) })
      await waitForQueuesToDrain(server.baseUrl)
      rows.push({ mode, scenario: 'BAV create → webhook, burst of 200 from 10 connections', baselineRps: null, r: await bavEndToEnd(client, 200, 10, false) })
    }
    if (want('documents')) {
      await waitForQueuesToDrain(server.baseUrl)
      const documents = await documentScenarios(server.baseUrl, bearer, client, server.child.pid!, duration)
      for (const { scenario, r } of documents.rows) rows.push({ mode, scenario, baselineRps: null, r })
      rssNotes.push(...documents.notes.map((n) => `${mode}: ${n}`))
    }
    rssNotes.push(`${mode}: idcheck peak RSS ${peakRssMb(server.child.pid!)} MB, baseline ${peakRssMb(baseline.child.pid!)} MB`)
  } finally {
    await server.stop()
    await baseline.stop()
    await peer?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

function median (results: LoadResult[]): LoadResult {
  return [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!
}

function printTable () {
  const header = ['mode', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs baseline', 'vs peer', 'PostgreSQL µs/req']
  const lines = rows.map(({ mode, scenario, r, baselineRps, ratio, peerRps, pgMicros }) => [
    mode, scenario, String(r.rps), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors),
    (ratio ?? (baselineRps ? r.rps / baselineRps : null))?.toFixed(2) ?? '',
    peerRps ? (r.rps / peerRps).toFixed(2) : '',
    pgMicros === undefined ? '' : String(pgMicros),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const fmt = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |'
  console.log([fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n'))
  console.log('\n' + rssNotes.join('\n'))
  console.log(`\nnode ${process.version}, ${duration} s per load, ${rounds} alternating rounds for Ping (its ratio: the median round's), ${generator} 50 connections (20 for writes)${generator === 'wrk' ? '; autocannon for the fixed rates' : ''}.`)
}
