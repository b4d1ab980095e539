// Profiles authenticated Ping: `node bench/profile-ping.ts` writes a .cpuprofile to bench/profiles/ and prints the top self-time functions.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { token } from './lib/api.ts'
import { load } from './lib/load.ts'
import { cli, startNode } from './lib/processes.ts'

const dir = new URL('./profiles/', import.meta.url).pathname
mkdirSync(dir, { recursive: true })
const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'idcheck-prof-')), TOKEN_SIGNING_KEY: 'bench-signing-key-0123456789-abcdefghijklmnop', DATABASE_URL: '', REDIS_URL: '' }
const reseller = JSON.parse(cli(['reseller', 'create', '--name', 'Prof', '--json'], env))
cli(['account', 'rate-limit', String(reseller.id), '1000000'], env)
const before = new Set(readdirSync(dir))
const server = await startNode('src/server.ts', { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` }, '/health/live')
const bearer = await token(server.baseUrl, reseller.clientId, reseller.clientSecret)
console.log(await load({ url: server.baseUrl + '/api/Ping', durationSeconds: 10, connections: 50, headers: { authorization: `Bearer ${bearer}` } }))
await server.stop()
const file = readdirSync(dir).find((f) => !before.has(f))!
const profile = JSON.parse(readFileSync(dir + file, 'utf8')) as { nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }
const counts = new Map<number, number>()
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1)
const byFn = new Map<string, number>()
for (const n of profile.nodes) {
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${n.callFrame.lineNumber}`
  byFn.set(key, (byFn.get(key) ?? 0) + (counts.get(n.id) ?? 0))
}
const total = profile.samples.length
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((100 * v / total).toFixed(1).padStart(5) + '%', k)
