// Embedded mode's slowest creates under 50 connections, and when each was sent: N clients create
// bank accounts for a while, then the slowest requests print as "sent at + took" (ms from the start),
// with the resident set when ready and at the end (peak included).
// node bench/investigations/embedded-burst.ts [--clients 50] [--seconds 10]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { api, token } from '../lib/api.ts'
import { currentRssMb, peakRssMb, startIdcheck } from '../lib/processes.ts'
import { BENCH_SIGNING_KEY, benchReseller } from '../lib/seed.ts'

const { values } = parseArgs({ options: { clients: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } } })
const dataDir = mkdtempSync(join(tmpdir(), 'idcheck-burst-'))
const env = { DATA_DIR: dataDir, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }
const reseller = benchReseller(env, 'Bench', 'all')
const server = await startIdcheck(env)
const pid = server.child.pid!
try {
  console.log(`ready: RSS ${currentRssMb(pid)} MB, peak ${peakRssMb(pid)} MB`)
  const bearer = await token(server.baseUrl, reseller.clientId, reseller.clientSecret)
  const caseId = await api(server.baseUrl, bearer).createCase('burst')
  const timings: { sentAt: number, took: number }[] = []
  const started = performance.now()
  let n = 0
  await Promise.all(Array.from({ length: Number(values.clients) }, async () => {
    while (performance.now() - started < Number(values.seconds) * 1000) {
      const sentAt = performance.now()
      const res = await fetch(`${server.baseUrl}/api/cases/${caseId}/bank-accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ countryCode: 'GB', firstName: 'Bench', lastName: 'Holder', sortCode: '089999', accountNumber: String(40_000_000 + n++) }),
      })
      await res.text()
      timings.push({ sentAt: Math.round(sentAt - started), took: Math.round(performance.now() - sentAt) })
    }
  }))
  const took = timings.map((t) => t.took).sort((a, b) => a - b)
  console.log(`${timings.length} creates: p50 ${took[Math.floor(took.length / 2)]} ms, p99 ${took[Math.floor(took.length * 0.99)]} ms`)
  console.log('slowest (sent at + took, ms):', timings.sort((a, b) => b.took - a.took).slice(0, 15).map((t) => `${t.sentAt}+${t.took}`).join(' '))
  console.log(`end: RSS ${currentRssMb(pid)} MB, peak ${peakRssMb(pid)} MB`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
