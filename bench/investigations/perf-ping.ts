// Where the CPU time of authenticated Ping and of the baseline goes, user space and kernel alike:
// `perf record -e cpu-clock` on each server during a load, JavaScript named by --perf-basic-prof.
// node bench/investigations/perf-ping.ts [--seconds 5] [--call-graph]   (server mode; writes bench/profiles/perf-<name>.txt)
// --call-graph records stacks too, for `perf report -i bench/profiles/perf-<name>.data -g caller`; unwinding
// them slows the server with the deeper stacks (idcheck) more, so its µs per request are then not comparable.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { token } from '../lib/api.ts'
import { load } from '../lib/load.ts'
import { startIdcheck, startNode } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, 'call-graph': { type: 'boolean', default: false } } })
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
    const perf = spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '4999', ...(values['call-graph'] ? ['-g'] : []), '-p', String(target.child.pid), '-o', data], { stdio: 'ignore' })
    await sleep(300)
    const r = await load({ url: target.baseUrl + '/api/Ping', durationSeconds: Number(values.seconds), connections: 50, headers })
    perf.kill('SIGINT')
    await new Promise((resolve) => perf.once('exit', resolve))
    latestCodeOnly(`/tmp/perf-${target.child.pid}.map`)
    const report = execFileSync('perf', ['report', '-i', data, '--stdio', '--no-children', '--sort', 'dso,sym', '-g', 'none', '--percent-limit', '0.3'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    const byDso = execFileSync('perf', ['report', '-i', data, '--stdio', '--no-children', '--sort', 'dso', '-n', '-g', 'none'], { encoding: 'utf8' })
    const samples = [...byDso.matchAll(/^\s*[\d.]+%\s+(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
    writeFileSync(`${dir}perf-${name}.txt`, report)
    console.log(`${name}: ${r.requests} requests, ${samples} samples at 4999 Hz: ${(samples / 4999 * 1e6 / r.requests).toFixed(1)} µs per request`)
  }
} finally {
  await server.stop()
  await baseline.stop()
}

/**
 * V8 reuses the addresses of code it has dropped (start-up code, first-tier code replaced by optimised
 * code), and the perf map keeps every entry ever written, so perf would name a loaded server's code after
 * whatever first lived at its address. Keeps, of entries that overlap, only the one written last.
 */
function latestCodeOnly (mapFile: string): void {
  const entries = readFileSync(mapFile, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [start, size] = line.split(' ', 2)
    return { start: parseInt(start!, 16), end: parseInt(start!, 16) + parseInt(size!, 16), line }
  })
  const kept: typeof entries = [] // sorted by start, none overlapping
  for (const entry of entries.toReversed()) {
    let lo = 0
    let hi = kept.length
    while (lo < hi) { const mid = (lo + hi) >> 1; if (kept[mid]!.start < entry.start) lo = mid + 1; else hi = mid }
    if ((lo < kept.length && kept[lo]!.start < entry.end) || (lo > 0 && kept[lo - 1]!.end > entry.start)) continue
    kept.splice(lo, 0, entry)
  }
  writeFileSync(mapFile, kept.map((e) => e.line).join('\n') + '\n')
}
