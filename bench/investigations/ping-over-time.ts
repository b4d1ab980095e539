// One idcheck server (server mode, started as `npm start` does) under authenticated Ping from its first
// request on, in back-to-back loads: requests/s and CPU per request per load, to tell a slow start of the
// process (warm-up, collector, background work) from a slow stretch of the machine.
// node bench/investigations/ping-over-time.ts [--loads 8] [--seconds 10]
import { parseArgs } from 'node:util'
import { token } from '../lib/api.ts'
import { load } from '../lib/load.ts'
import { cpuTimeMs, startIdcheck } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { loads: { type: 'string', default: '8' }, seconds: { type: 'string', default: '10' } } })
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'OverTime')
const server = await startIdcheck(env)
const cpuMs = () => cpuTimeMs(server.child.pid!).total
try {
  const headers = { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
  const started = Date.now()
  for (let i = 0; i < Number(values.loads); i++) {
    const before = cpuMs()
    const r = await load({ url: server.baseUrl + '/api/Ping', durationSeconds: Number(values.seconds), connections: 50, headers })
    console.log(`${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s: ${String(r.rps).padStart(6)} req/s, ${((cpuMs() - before) * 1000 / r.requests).toFixed(1)} µs CPU per request`)
  }
} finally {
  await server.stop()
}
