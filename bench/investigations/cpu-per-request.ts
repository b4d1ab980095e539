// CPU time per request of authenticated Ping and of the bare Fastify baseline, from /proc/<pid>/stat
// during each load: steadier than requests/s on a noisy machine, and not capped by the load generator.
// node bench/investigations/cpu-per-request.ts [--rounds 2] [--node-options="--max-semi-space-size=32"]  (server mode)
// A second idcheck, loaded in turn with the others, compares a change in the same run:
//   --variant-env LOG_LEVEL=warn         the same code with other settings
//   --variant-root ../other-checkout     another checkout's code (its own node_modules), same settings
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { token } from '../lib/api.ts'
import { generator, load } from '../lib/load.ts'
import { cpuTimeMs, type Started, startIdcheck, startNode } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

/** Length of each measured load, in seconds. */
const LOAD_SECONDS = 5

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' }, 'node-options': { type: 'string' }, 'variant-env': { type: 'string' }, 'variant-root': { type: 'string' } } })
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Cpu')
const baseline = await startNode('bench/baseline-server.ts', {}, '/api/Ping')
const server = await startIdcheck({ ...env, ...(values['node-options'] ? { NODE_OPTIONS: values['node-options'] } : {}) })
const variantEnv = Object.fromEntries((values['variant-env'] ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
const variant = values['variant-env'] || values['variant-root'] ? await startIdcheck({ ...env, ...variantEnv }, values['variant-root'] ? resolve(values['variant-root']) : undefined) : null
const targets: [string, Started][] = [['baseline', baseline], ['idcheck', server], ...(variant ? [['variant', variant] as [string, Started]] : [])]
try {
  const headers = { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
  for (const [, target] of targets) await load({ url: target.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50, headers }) // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    // Each round in another order, so that a drift of the machine's speed does not favour one.
    for (const [name, target] of round % 2 === 0 ? targets : targets.toReversed()) {
      const before = cpuTimeMs(target.child.pid!)
      const r = await load({ url: target.baseUrl + '/api/Ping', durationSeconds: LOAD_SECONDS, connections: 50, headers })
      const after = cpuTimeMs(target.child.pid!)
      const perRequest = (ms: number) => (ms * 1000 / r.requests).toFixed(1).padStart(5)
      const user = after.user - before.user
      const system = after.system - before.system
      console.log(`${name.padEnd(8)} ${String(r.rps).padStart(6)} req/s ${perRequest(user + system)} µs CPU per request (user ${perRequest(user)}, system ${perRequest(system)}); ${generator} ${perRequest(r.generatorCpuMs)} µs, ${Math.round(r.generatorCpuMs / (LOAD_SECONDS * 10))}% of a core`)
    }
  }
} finally {
  await variant?.stop()
  await server.stop()
  await baseline.stop()
}
