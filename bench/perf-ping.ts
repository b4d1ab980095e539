// Where the CPU time of authenticated Ping and of the baseline goes, user space and kernel alike:
// `perf record -e cpu-clock` on each server during a load, JavaScript named by --perf-basic-prof.
// node bench/perf-ping.ts [--seconds 5]   (server mode; writes bench/profiles/perf-<name>.txt)
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { token } from './lib/api.ts'
import { load } from './lib/load.ts'
import { startIdcheck, startNode } from './lib/processes.ts'
import { benchReseller, serverModeEnv } from './lib/seed.ts'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } })
const dir = new URL('./profiles/', import.meta.url).pathname
mkdirSync(dir, { recursive: true })
const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Perf')
const perfMap = { NODE_OPTIONS: '--perf-basic-prof' }
const baseline = await startNode('bench/baseline-server.ts', perfMap, '/api/Ping')
const server = await startIdcheck({ ...env, ...perfMap })
try {
  const headers = { authorization: `Bearer ${await token(server.baseUrl, reseller.clientId, reseller.clientSecret)}` }
  for (const [name, target] of [['baseline', baseline], ['idcheck', server]] as const) {
    await load({ url: target.baseUrl + '/api/Ping', durationSeconds: 3, connections: 50, headers }) // warm-up
    const data = `${dir}perf-${name}.data`
    const perf = spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '4999', '-g', '-p', String(target.child.pid), '-o', data], { stdio: 'ignore' })
    await sleep(300)
    const r = await load({ url: target.baseUrl + '/api/Ping', durationSeconds: Number(values.seconds), connections: 50, headers })
    perf.kill('SIGINT')
    await new Promise((resolve) => perf.once('exit', resolve))
    if (process.env.FIXMAP) execFileSync('python3', ['/tmp/fixmap.py', `/tmp/perf-${target.child.pid}.map`], { stdio: 'inherit' })
    const report = execFileSync('perf', ['report', '-i', data, '--stdio', '--no-children', '--sort', 'dso,sym', '--percent-limit', '0.3'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    const byDso = execFileSync('perf', ['report', '-i', data, '--stdio', '--no-children', '--sort', 'dso', '-n', '-g', 'none'], { encoding: 'utf8' })
    const samples = [...byDso.matchAll(/^\s*[\d.]+%\s+(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
    writeFileSync(`${dir}perf-${name}.txt`, report)
    console.log(`${name}: ${r.requests} requests, ${samples} samples at 4999 Hz: ${(samples / 4999 * 1e6 / r.requests).toFixed(1)} µs per request`)
  }
} finally {
  await server.stop()
  await baseline.stop()
}
