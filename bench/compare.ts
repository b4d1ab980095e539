// node bench/compare.ts --a DIR --b DIR [--mode server|embedded] [--rounds 3] [--duration 5] [--only ping,create,writes,bav]
//   [--a-env K=V,K=V] [--b-env K=V] [--a-flags="--flag …"] [--b-flags="--flag …"]
// Two builds of idcheck side by side: each checkout (its own node_modules, or a symlink to one) started
// as `npm start` does (its bin/idcheck, Node flags included), on its own fresh database or data
// directory, loaded in turn A B B A A B … so that a drift of the machine's speed hits both alike.
// bench/seams/ holds the library versions of the hand-written pieces, as patches (docs/decisions.md,
// Speed work behind seams).
// Per scenario it prints each side's median req/s, p50, p99 and server CPU per request (from /proc,
// steadier than req/s on a shared machine; for writes and bav it includes the jobs they queued, until
// they drain), the median of the rounds' B/A ratios, and each side's peak RSS.
// --a-flags / --b-flags start that side as `node <flags> src/cli/main.ts serve` instead of bin/idcheck,
// so a Node flag is measured without editing a launcher.
// Scenarios: ping (authenticated GET /api/Ping, 50 connections); create (POST /api/cases of an account
// with no service, so no check starts; 20); writes (POST bank-accounts, which queues a BAV check, 20);
// bav (create → signed webhook, 10 clients each awaiting its webhook; p50 is the latency).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type Env, startService, waitForAnswer } from '../test/helpers/service-processes.ts'
import { api, token, waitForQueuesToDrain } from './lib/api.ts'
import { bavEndToEnd } from './lib/bav-end-to-end.ts'
import { generator, load, type LoadResult } from './lib/load.ts'
import { cpuTimeMs, freePort, peakRssMb, type Started, startIdcheck } from './lib/processes.ts'
import { BENCH_SIGNING_KEY, benchReseller, serverModeEnv } from './lib/seed.ts'

const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string' },
    'a-env': { type: 'string', default: '' }, 'b-env': { type: 'string', default: '' },
    'a-flags': { type: 'string' }, 'b-flags': { type: 'string' },
    mode: { type: 'string', default: 'server' }, rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' }, only: { type: 'string', default: 'ping,create' },
  },
})
if (!values.a || !values.b) throw new Error('--a DIR and --b DIR name the two checkouts (the same one twice with other --*-env or --*-flags)')
const mode = values.mode as 'server' | 'embedded'
const rounds = Number(values.rounds)
const duration = Number(values.duration)
const scenarios = values.only.split(',')

interface Side { name: 'A' | 'B', root: string, env: Record<string, string>, flags: string | undefined }
const sides: Side[] = [
  { name: 'A', root: resolve(values.a), env: parseEnv(values['a-env']), flags: values['a-flags'] },
  { name: 'B', root: resolve(values.b), env: parseEnv(values['b-env']), flags: values['b-flags'] },
]

interface Measured { r: LoadResult, cpuUs: number }
interface Running { side: Side, server: Started, plain: Record<string, string>, client: ReturnType<typeof api>, auth: Record<string, string>, caseId: number, dataDir: string | null }

const running: Running[] = []
// A bench stopped by a signal stops its servers too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => { for (const r of running) r.server.child.kill('SIGKILL'); process.exit(130) })
try {
  for (const side of sides) running.push(await startSide(side))
  for (const r of running) await load({ url: r.server.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50, headers: r.plain }) // warm-up
  const lines: string[] = []
  for (const scenario of scenarios) {
    const results: Record<'A' | 'B', Measured[]> = { A: [], B: [] }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? running : running.toReversed()
      for (const r of order) results[r.side.name].push(await measure(r, scenario, round))
    }
    lines.push(...report(scenario, results))
  }
  console.log(lines.join('\n'))
  console.log(running.map((r) => `${r.side.name}: ${describe(r.side)}, peak RSS ${peakRssMb(r.server.child.pid!)} MB`).join('\n'))
  console.log(`${mode} mode, node ${process.version}, ${duration} s per load, ${rounds} rounds in A B B A order, ${generator}.`)
} finally {
  for (const r of running) {
    await r.server.stop()
    if (r.dataDir) rmSync(r.dataDir, { recursive: true, force: true })
  }
}

function parseEnv (text: string): Record<string, string> {
  return Object.fromEntries(text.split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
}

function describe (side: Side): string {
  return [side.root, side.flags ? `node ${side.flags}` : 'bin/idcheck', ...Object.entries(side.env).map(([k, v]) => `${k}=${v}`)].join(' ')
}

async function startSide (side: Side): Promise<Running> {
  const dataDir = mode === 'embedded' ? mkdtempSync(join(tmpdir(), `idcheck-compare-${side.name}-`)) : null
  const env = {
    ...(mode === 'server'
      ? await serverModeEnv(`idcheck_compare_${side.name.toLowerCase()}`, side.root)
      : { DATA_DIR: dataDir!, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }),
    ...side.env,
  }
  // Ping and create on an account with no service, so a create starts no check; writes and bav on one with every service.
  const plain = benchReseller(env, `Compare ${side.name} plain`, 'none', side.root)
  const full = benchReseller(env, `Compare ${side.name}`, 'all', side.root)
  const server = side.flags === undefined ? await startIdcheck(env, side.root) : await startWithFlags(side, env)
  const bearer = await token(server.baseUrl, full.clientId, full.clientSecret)
  const client = api(server.baseUrl, bearer)
  return {
    side, server, client, auth: { authorization: `Bearer ${bearer}` }, caseId: await client.createCase(`compare-${side.name}`), dataDir,
    plain: { authorization: `Bearer ${await token(server.baseUrl, plain.clientId, plain.clientSecret)}` },
  }
}

async function startWithFlags (side: Side, env: Record<string, string>): Promise<Started> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const service = await startService({
    args: [...side.flags!.split(/\s+/).filter(Boolean), join(side.root, 'src/cli/main.ts'), 'serve'],
    cwd: side.root,
    quiet: true,
    env: { ...process.env as Env, ...env, PORT: String(port), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
  }, (s) => waitForAnswer(s, baseUrl + '/health/live'))
  return { ...service, port, baseUrl }
}

async function measure (r: Running, scenario: string, round: number): Promise<Measured> {
  const base = r.server.baseUrl
  const pid = r.server.child.pid!
  const before = cpuTimeMs(pid).total
  let result: LoadResult
  switch (scenario) {
    case 'ping':
      result = await load({ url: base + '/api/Ping', durationSeconds: duration, connections: 50, headers: r.plain })
      break
    case 'create':
      result = await load({
        url: base + '/api/cases', method: 'POST', durationSeconds: duration, connections: 20, headers: r.plain,
        bodyTemplate: JSON.stringify({ urn: `compare-${round}-{n}`, type: 'Business', entityName: 'Compare Ltd' }),
      })
      break
    case 'writes':
      result = await load({
        url: `${base}/api/cases/${r.caseId}/bank-accounts`, method: 'POST', durationSeconds: duration, connections: 20, headers: r.auth,
        bodyTemplate: JSON.stringify({ countryCode: 'GB', firstName: 'Compare', lastName: 'Holder', sortCode: '089999', accountNumber: '{n}' }),
        firstNumber: 10_000_000 + round * 1_000_000,
      })
      break
    case 'bav':
      result = await bavEndToEnd(r.client, 100, 10, true)
      break
    default:
      throw new Error(`unknown scenario ${scenario}: ping, create, writes or bav`)
  }
  const queuesJobs = scenario === 'writes' || scenario === 'bav'
  const loadCpuMs = cpuTimeMs(pid).total - before
  // The work a load queued (BAV checks, deliveries) is done before the other side's turn, and counted in its CPU.
  await waitForQueuesToDrain(base)
  return { r: result, cpuUs: (queuesJobs ? cpuTimeMs(pid).total - before : loadCpuMs) * 1000 / result.requests }
}

function report (scenario: string, results: Record<'A' | 'B', Measured[]>): string[] {
  const median = (xs: number[]) => xs.toSorted((x, y) => x - y)[Math.floor(xs.length / 2)]!
  const ratios = (f: (m: Measured) => number) => results.B.map((b, i) => f(b) / f(results.A[i]!))
  const row = (name: 'A' | 'B') => {
    const m = results[name]
    return `${scenario.padEnd(7)} ${name}  ${String(median(m.map((x) => x.r.rps))).padStart(6)} req/s  p50 ${median(m.map((x) => x.r.p50))} ms  p99 ${median(m.map((x) => x.r.p99))} ms  ` +
      `${median(m.map((x) => x.cpuUs)).toFixed(1).padStart(6)} µs CPU/req  non-2xx ${m.reduce((s, x) => s + x.r.non2xx + x.r.errors, 0)}`
  }
  const rps = ratios((m) => m.r.rps)
  const cpu = ratios((m) => m.cpuUs)
  // A p50 under a millisecond reads 0: no ratio then.
  const p50 = results.A.some((m) => m.r.p50 === 0) ? [] : ratios((m) => m.r.p50)
  return [
    row('A'),
    row('B'),
    `${scenario.padEnd(7)} B/A req/s ${median(rps).toFixed(3)} (rounds ${rps.map((x) => x.toFixed(2)).join(', ')}); ` +
      `CPU/req ${median(cpu).toFixed(3)} (rounds ${cpu.map((x) => x.toFixed(2)).join(', ')}); ` +
      (p50.length === 0 ? 'p50 under 1 ms' : `p50 ${median(p50).toFixed(3)} (rounds ${p50.map((x) => x.toFixed(2)).join(', ')})`),
  ]
}
