// Where authenticated Ping's tail goes while scans are read, embedded mode: idcheck started with its
// Node flags plus --trace-gc, Ping at 500 req/s for 5 s while scans are uploaded one after another;
// prints Ping's latency, the API process's GC pauses over 3 ms, and its event-loop delay from /metrics.
// node bench/investigations/ping-during-scans.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startService, waitForAnswer } from '../../test/helpers/service-processes.ts'
import { api, token } from '../lib/api.ts'
import { uploadBody, UPLOAD_CONTENT_TYPE } from '../lib/documents.ts'
import { load } from '../lib/load.ts'
import { freePort } from '../lib/processes.ts'
import { BENCH_SIGNING_KEY, benchReseller } from '../lib/seed.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const dataDir = mkdtempSync(join(tmpdir(), 'idcheck-ping-scans-'))
const port = await freePort()
const env = { ...process.env as Record<string, string>, DATA_DIR: dataDir, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', PORT: String(port) }
const reseller = benchReseller(env, 'Probe', 'all')
// bin/idcheck's flags, given directly: Node refuses --trace-gc in NODE_OPTIONS.
const flags = ['--trace-gc', '--max-semi-space-size=8', '--max-old-space-size=160', '--no-allocation-site-pretenuring', '--invocation-count-for-feedback-allocation=500', '--liftoff-only']
const base = `http://127.0.0.1:${port}`
const server = await startService({ command: join(ROOT, 'node_modules/.bin/node'), args: [...flags, 'src/cli/main.ts', 'serve'], env, cwd: ROOT }, (s) => waitForAnswer(s, `${base}/health/live`))
try {
  const bearer = await token(base, reseller.clientId, reseller.clientSecret)
  const client = api(base, bearer)
  const auth = { authorization: `Bearer ${bearer}` }
  const scan = new Uint8Array(uploadBody('BankStatement', 'scan.png', 'image/png', readFileSync(join(ROOT, 'src/modules/documents/samples/scanned-statement.png'))))
  const upload = async (urn: string) => fetch(`${base}/api/cases/${await client.createCase(urn)}/documents`, { method: 'POST', headers: { ...auth, 'content-type': UPLOAD_CONTENT_TYPE }, body: scan })
  await upload('warm-up') // starts the OCR process
  await sleep(3000)
  const mark = server.output().length
  let scanning = true
  let scans = 0
  const scanner = (async () => { while (scanning) { await upload(`scan-${scans++}`); await sleep(700) } })()
  const ping = await load({ url: `${base}/api/Ping`, durationSeconds: 5, connections: 10, overallRate: 500, headers: auth })
  scanning = false
  await scanner
  console.log(`Ping at 500 req/s while ${scans} scans were uploaded: p50 ${ping.p50} ms, p99 ${ping.p99} ms`)
  const pid = server.child.pid
  const pauses = [...server.output().slice(mark).matchAll(/^\[(\d+):[^\n]*?(Mark-Compact|Scavenge)[^\n]*?, ([\d.]+) \/ [\d.]+ ms/gm)]
    .filter((m) => Number(m[1]) === pid && Number(m[3]) > 3).map((m) => `${m[2]} ${m[3]} ms`)
  console.log(`API process GC pauses over 3 ms: ${pauses.join(', ') || 'none'}`)
  const metrics = await (await fetch(`${base}/metrics`)).text()
  console.log(metrics.split('\n').filter((l) => /^idcheck_nodejs_eventloop_lag_(p50|p99|max)_seconds /.test(l)).join('\n'))
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
