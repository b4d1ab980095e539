// CPU time per authenticated Ping of two checkouts of idcheck, built in ONE process and driven in
// alternating blocks through Fastify's inject (no sockets, no load generator): both versions see
// the same machine at the same moments, so a difference of a few per cent shows through the noise
// that moves requests/s by ±20% here. It measures the application's own per-request work (Fastify,
// hooks, headers, the access line), not the HTTP parser or the kernel.
// node bench/investigations/compare-checkouts.ts <other checkout> [--rounds 12] [--requests 20000]   (server mode)
// e.g.  git worktree add /tmp/before HEAD~1 && ln -s $PWD/node_modules /tmp/before/node_modules
//       node bench/investigations/compare-checkouts.ts /tmp/before > /dev/null   (the table goes to stderr)
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '12' }, requests: { type: 'string', default: '20000' } } })
const other = resolve(positionals[0] ?? '')
const here = resolve(new URL('../..', import.meta.url).pathname)
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Compare')
Object.assign(process.env, env, { RUN_WORKERS: 'false', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' })

type Inject = (opts: { method: string, url: string, headers?: Record<string, string>, payload?: unknown }) => Promise<{ statusCode: number, body: string }>
async function build (root: string) {
  const { buildApp } = await import(root + '/src/app.ts')
  const { loadConfig } = await import(root + '/src/config/config.ts')
  const app = await buildApp(loadConfig(process.env)) as { inject: Inject, close (): Promise<void> }
  const auth = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { clientId: reseller.clientId, clientSecret: reseller.clientSecret } })
  const headers = { authorization: `Bearer ${JSON.parse(auth.body).accessToken}` }
  return { root, app, headers }
}
const versions = [await build(here), await build(other)]
const perRequest = new Map<string, number[]>(versions.map((v) => [v.root, []]))
const n = Number(values.requests)
for (let round = 0; round < Number(values.rounds) + 1; round++) {
  for (const v of round % 2 ? versions : [...versions].reverse()) {
    const from = process.cpuUsage()
    for (let i = 0; i < n; i += 50) {
      const batch = []
      for (let j = 0; j < 50; j++) batch.push(v.app.inject({ method: 'GET', url: '/api/Ping', headers: v.headers }))
      const done = await Promise.all(batch)
      if (done[0]!.statusCode !== 200) throw new Error(`${v.root}: Ping answered ${done[0]!.statusCode}`)
    }
    const used = process.cpuUsage(from)
    if (round > 0) perRequest.get(v.root)!.push((used.user + used.system) / n) // round 0 warms the JIT
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const [a, b] = versions.map((v) => median(perRequest.get(v.root)!))
for (const v of versions) console.error(`${v.root.padEnd(24)} ${median(perRequest.get(v.root)!).toFixed(2)} µs CPU per Ping (median of ${values.rounds}; ${perRequest.get(v.root)!.map((x) => x.toFixed(1)).join(' ')})`)
console.error(`${here} takes ${((a! / b! - 1) * 100).toFixed(1)}% ${a! <= b! ? '' : '(more) '}of the time of ${other}`)
for (const v of versions) await v.app.close()
