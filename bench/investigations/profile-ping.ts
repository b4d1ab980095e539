// Profiles authenticated Ping in server mode (PostgreSQL + Redis, started as `npm start` does):
// `node bench/investigations/profile-ping.ts [--mode embedded] [--baseline]` writes a .cpuprofile to bench/profiles/
// and prints the functions with the most self time and with the most inclusive time (with what they call).
// --baseline profiles the bare Fastify baseline instead.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { token } from '../lib/api.ts'
import { load } from '../lib/load.ts'
import { startIdcheck, startNode } from '../lib/processes.ts'
import { BENCH_SIGNING_KEY, benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'server' }, baseline: { type: 'boolean', default: false } } })
const dir = new URL('./profiles/', import.meta.url).pathname
mkdirSync(dir, { recursive: true })
const env: Record<string, string> = values.mode === 'server'
  ? await serverModeEnv('idcheck_bench')
  : { DATA_DIR: mkdtempSync(join(tmpdir(), 'idcheck-prof-')), TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }
const reseller = benchReseller(env, 'Prof')
const before = new Set(readdirSync(dir))
const profiling = { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` }
const server = values.baseline ? await startNode('bench/baseline-server.ts', profiling, '/api/Ping') : await startIdcheck({ ...env, ...profiling })
const headers: Record<string, string> = values.baseline ? {} : { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
console.log(await load({ url: server.baseUrl + '/api/Ping', durationSeconds: 10, connections: 50, headers }))
await server.stop()
const file = readdirSync(dir).find((f) => !before.has(f))!
const profile = JSON.parse(readFileSync(dir + file, 'utf8')) as { nodes: { id: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }
const counts = new Map<number, number>()
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1)
const byFn = new Map<string, number>()
for (const n of profile.nodes) {
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${n.callFrame.lineNumber}`
  byFn.set(key, (byFn.get(key) ?? 0) + (counts.get(n.id) ?? 0))
}
const total = profile.samples.length
console.log(`${file}: top self time`)
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((100 * v / total).toFixed(1).padStart(5) + '%', k)

// Inclusive time: a function counts every sample taken while it is on the stack.
const parentOf = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id)
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]))
const inclusive = new Map<string, number>()
for (const sample of profile.samples) {
  const seen = new Set<string>()
  for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
    const n = nodeById.get(id)!
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${n.callFrame.lineNumber}`
    if (!seen.has(key)) { seen.add(key); inclusive.set(key, (inclusive.get(key) ?? 0) + 1) }
  }
}
console.log('top inclusive time, ours (src/)')
for (const [k, v] of [...inclusive].filter(([k]) => k.includes(' src/')).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((100 * v / total).toFixed(1).padStart(5) + '%', k)
