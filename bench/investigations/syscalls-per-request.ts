// System calls per request of authenticated Ping and of the bare Fastify baseline, counted by
// `strace -c -f` attached to each server during a load (server mode). strace slows the server down
// many times over, so the requests/s it prints mean nothing; the counts per request do.
// node bench/investigations/syscalls-per-request.ts [--seconds 5]
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { token } from '../lib/api.ts'
import { load } from '../lib/load.ts'
import { startIdcheck, startNode } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } })
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Syscalls')
const baseline = await startNode('bench/baseline-server.ts', {}, '/api/Ping')
const server = await startIdcheck(env)
try {
  const headers = { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
  await load({ url: server.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50, headers }) // warm-up
  await load({ url: baseline.baseUrl + '/api/Ping', durationSeconds: 2, connections: 50 })
  for (const [name, target] of [['baseline', baseline], ['idcheck', server]] as const) {
    const out = `/tmp/idcheck-strace-${name}-${process.pid}.txt`
    const tracer = spawn('strace', ['-c', '-f', '-o', out, '-p', String(target.child.pid)], { stdio: 'ignore' })
    await sleep(500)
    const r = await load({ url: target.baseUrl + '/api/Ping', durationSeconds: Number(values.seconds), connections: 50, headers })
    tracer.kill('SIGINT')
    await new Promise((resolve) => tracer.once('exit', resolve))
    console.log(`${name}: ${r.requests} requests`)
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      const m = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(\d+)?\s*(\w+)$/.exec(line)
      if (m && Number(m[1]) / r.requests >= 0.01) console.log(`  ${m[3]!.padEnd(16)} ${(Number(m[1]) / r.requests).toFixed(3)} per request`)
    }
  }
} finally {
  await server.stop()
  await baseline.stop()
}
