// CPU time per request of the bare Fastify Pong with Ping's response headers, Ping's number of
// hooks, or both (bench/investigations/bare-variant-server.ts), from /proc/<pid>/stat over alternating loads.
// node bench/investigations/bare-variants.ts [--rounds 6]
import { parseArgs } from 'node:util'
import { load } from '../lib/load.ts'
import { cpuTimeMs, type Started, startNode } from '../lib/processes.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '6' } } })
const cpuMs = (pid: number) => cpuTimeMs(pid).total
const servers: [string, Started][] = []
for (const variant of ['plain', 'headers', 'hooks', 'headers,hooks']) servers.push([variant, await startNode('bench/investigations/bare-variant-server.ts', { VARIANT: variant }, '/api/Ping')])
const perRequest = new Map<string, number[]>()
try {
  for (const [, s] of servers) await load({ url: s.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50 }) // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [variant, s] of servers) {
      const before = cpuMs(s.child.pid!)
      const r = await load({ url: s.baseUrl + '/api/Ping', durationSeconds: 3, connections: 50 })
      perRequest.set(variant, [...(perRequest.get(variant) ?? []), (cpuMs(s.child.pid!) - before) * 1000 / r.requests])
    }
  }
} finally {
  for (const [, s] of servers) await s.stop()
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
for (const [variant, xs] of perRequest) console.log(`${variant.padEnd(14)} ${median(xs).toFixed(1).padStart(5)} µs CPU per request (median; ${xs.map((x) => x.toFixed(1)).join(' ')})`)
