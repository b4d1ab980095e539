// CPU time per request of authenticated Ping and of the bare Fastify baseline, from /proc/<pid>/stat
// during each load: steadier than requests/s on a noisy machine, and not capped by the load generator.
// node bench/cpu-per-request.ts [--rounds 2] [--node-options="--max-semi-space-size=32"]  (server mode)
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { token } from './lib/api.ts'
import { load } from './lib/load.ts'
import { startIdcheck, startNode } from './lib/processes.ts'
import { benchReseller, serverModeEnv } from './lib/seed.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' }, 'node-options': { type: 'string' } } })
/** User and system CPU time of a process so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 }
}
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Cpu')
const baseline = await startNode('bench/baseline-server.ts', {}, '/api/Ping')
const server = await startIdcheck({ ...env, ...(values['node-options'] ? { NODE_OPTIONS: values['node-options'] } : {}) })
try {
  const headers = { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
  await load({ url: server.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50, headers }) // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, target] of [['baseline', baseline], ['idcheck', server]] as const) {
      const before = cpuMs(target.child.pid!)
      const r = await load({ url: target.baseUrl + '/api/Ping', durationSeconds: 5, connections: 50, headers })
      const after = cpuMs(target.child.pid!)
      const perRequest = (ms: number) => (ms * 1000 / r.requests).toFixed(1).padStart(5)
      const user = after.user - before.user
      const system = after.system - before.system
      console.log(`${name.padEnd(8)} ${String(r.rps).padStart(6)} req/s ${perRequest(user + system)} µs CPU per request (user ${perRequest(user)}, system ${perRequest(system)})`)
    }
  }
} finally {
  await server.stop()
  await baseline.stop()
}
