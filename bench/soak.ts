// npm run bench:soak [-- --minutes 5]: steady mixed load on idcheck (server mode on the machine's
// PostgreSQL and Redis) while its resident memory is sampled; prints the samples and the growth
// between the first and the last minute.
import { parseArgs } from 'node:util'
import { api, token } from './lib/api.ts'
import { load } from './lib/load.ts'
import { currentRssMb, peakRssMb, startIdcheck } from './lib/processes.ts'
import { benchReseller, serverModeEnv } from './lib/seed.ts'

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '5' } } })
const minutes = Number(values.minutes)
const env = await serverModeEnv('idcheck_soak')
const reseller = benchReseller(env, 'Soak')
const server = await startIdcheck(env)
const bearer = await token(server.baseUrl, reseller.clientId, reseller.clientSecret)
const auth = { authorization: `Bearer ${bearer}` }
const client = api(server.baseUrl, bearer)
const listCase = await client.caseWithHistory('soak-list', 20, 2)
const writeCase = await client.createCase('soak-writes')

const samples: { second: number, rssMb: number }[] = []
const started = Date.now()
let n = 0
let written = 0
const segment = 15
const writers = 2
while (Date.now() - started < minutes * 60_000) {
  await Promise.all([
    load({ url: server.baseUrl + '/api/Ping', durationSeconds: segment, connections: 20, headers: auth }),
    load({ url: `${server.baseUrl}/api/cases/${listCase}/bank-accounts`, durationSeconds: segment, connections: 5, headers: auth }),
    load({
      url: `${server.baseUrl}/api/cases/${writeCase}/bank-accounts`, method: 'POST', durationSeconds: segment, connections: writers, headers: auth,
      bodyTemplate: JSON.stringify({ countryCode: 'GB', firstName: 'Soak', lastName: 'Holder', sortCode: '089999', accountNumber: '{n}' }),
      firstNumber: 50_000_000 + n,
    }).then((r) => { written += r.requests; n += r.requests + writers }), // + the requests in flight at the end, answered or not
  ])
  samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: currentRssMb(server.child.pid!) })
  console.log(`${samples.at(-1)!.second}s  rss ${samples.at(-1)!.rssMb} MB`)
}
const perMinute = Math.max(1, Math.round(60 / segment))
const first = samples.slice(0, perMinute).map((s) => s.rssMb)
const last = samples.slice(-perMinute).map((s) => s.rssMb)
const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length)
console.log(`\nRSS first minute avg ${avg(first)} MB, last minute avg ${avg(last)} MB, growth ${avg(last) - avg(first)} MB; peak ${peakRssMb(server.child.pid!)} MB; ${written} bank accounts written`)
await server.stop()
