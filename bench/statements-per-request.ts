// node bench/statements-per-request.ts [--creates 200] [--lists 200]   (server mode)
// Where a request's database time goes: idcheck talks to PostgreSQL through a counting proxy that
// reads the wire protocol, so every statement of the API, the queue (pg-boss) and the jobs is seen,
// with no server setting to change. Prints statements per bank-account create (its BAV job and
// webhook event included) and per list, each statement text with its count and share.
import { createConnection, createServer, type Socket } from 'node:net'
import { parseArgs } from 'node:util'
import { api, token, waitForQueuesToDrain } from './lib/api.ts'
import { freePort, startIdcheck } from './lib/processes.ts'
import { benchReseller, serverModeEnv } from './lib/seed.ts'
import { startWebhookTimer } from './lib/webhook-timer.ts'

const { values } = parseArgs({ options: { creates: { type: 'string', default: '200' }, lists: { type: 'string', default: '200' } } })
const counts = new Map<string, number>()
const count = (sql: string) => { const key = sql.replace(/\s+/g, ' ').trim().slice(0, 140); counts.set(key, (counts.get(key) ?? 0) + 1) }

/** Frontend messages after the startup packet: Parse names a text, Execute runs the last bound one, Query runs its own. */
function watch (client: Socket) {
  let buffer = Buffer.alloc(0)
  let started = false
  const named = new Map<string, string>()
  let bound = ''
  client.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      if (!started) {
        if (buffer.length < 4) return
        const length = buffer.readInt32BE(0)
        if (buffer.length < length) return
        buffer = buffer.subarray(length)
        started = true
        continue
      }
      if (buffer.length < 5) return
      const type = String.fromCharCode(buffer[0]!)
      const length = buffer.readInt32BE(1)
      if (buffer.length < 1 + length) return
      const body = buffer.subarray(5, 1 + length)
      const cstrings = () => body.toString('utf8').split('\0')
      if (type === 'Q') count(cstrings()[0]!)
      if (type === 'P') { const [name, text] = cstrings(); named.set(name!, text!) }
      if (type === 'B') { const [, statement] = cstrings(); bound = named.get(statement!) ?? '?' }
      if (type === 'E') count(bound)
      buffer = buffer.subarray(1 + length)
    }
  })
}

const proxyPort = await freePort()
const proxy = createServer((client) => {
  const upstream = createConnection(5432, '127.0.0.1')
  watch(client)
  client.pipe(upstream).pipe(client)
  const close = () => { client.destroy(); upstream.destroy() }
  client.on('error', close)
  upstream.on('error', close)
})
await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve))

const env = await serverModeEnv('idcheck_bench_statements')
const reseller = benchReseller(env, 'Statements', 'all')
const server = await startIdcheck({ ...env, DATABASE_URL: env.DATABASE_URL!.replace(':5432/', `:${proxyPort}/`) })
const timer = await startWebhookTimer()
try {
  const client = api(server.baseUrl, await token(server.baseUrl, reseller.clientId, reseller.clientSecret))
  await client.call('POST', '/api/webhooks', { url: timer.url, events: ['bank_account.bav_completed'] })
  const caseId = await client.createCase('statements')
  await waitForQueuesToDrain(server.baseUrl)
  report('at rest for a second (queue polling, supervision)', 1, await measure(async () => { await new Promise((r) => setTimeout(r, 1000)) }))
  const creates = Number(values.creates)
  report('POST bank-accounts, its BAV job and its webhook delivery', creates, await measure(async () => {
    for (let i = 0; i < creates; i++) await client.createBankAccount(caseId, 10_000 + i)
    await waitForQueuesToDrain(server.baseUrl)
    while (timer.arrivals.size < creates) await new Promise((r) => setTimeout(r, 50))
  }))
  const listCase = await client.caseWithHistory('statements-list', 5, 1)
  await waitForQueuesToDrain(server.baseUrl)
  const lists = Number(values.lists)
  report('GET bank-accounts of 5', lists, await measure(async () => { for (let i = 0; i < lists; i++) await client.call('GET', `/api/cases/${listCase}/bank-accounts`) }))
} finally {
  await timer.close()
  await server.stop()
  proxy.close()
}

async function measure (work: () => Promise<void>): Promise<Map<string, number>> {
  counts.clear()
  await work()
  return new Map(counts)
}

function report (what: string, requests: number, seen: Map<string, number>) {
  const total = [...seen.values()].reduce((a, b) => a + b, 0)
  console.log(`\n${what}: ${(total / requests).toFixed(1)} statements per request (${total} for ${requests})`)
  for (const [sql, n] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(n / requests).toFixed(2).padStart(6)}  ${sql}`)
}
