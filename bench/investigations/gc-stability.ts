// Starts several idcheck servers in server mode, loads each with authenticated Ping in turn, and
// prints per process its CPU time per request, its peak RSS and its collections under load
// (--trace-gc): a process whose collector thrashes (a mark-compact every ~150 ms, scavenges of
// 2-5 ms instead of 0.5) shows up as one line with twice the CPU of the others.
// node bench/investigations/gc-stability.ts [--servers 6] [--mode server|embedded] [--node-flags=--allocation-site-pretenuring] [--perf]
// --node-flags=--trace-deopt also lists each process's most frequent deoptimizations since it started;
// --keep-logs keeps each process's stdout (the collector's trace and any other V8 trace asked for);
// --cpu-prof prints each process's functions with the most self time (V8's profiler, which names JavaScript
// rightly where perf's map goes stale), as µs per request: their share of the process's busy time over its
// whole life (start-up and warm-up included) times its CPU per request under load, so an estimate.
// --baseline starts the bare Fastify baseline (bench/baseline-server.ts) instead, as npm run bench does (no launcher flags).
// --perf also records each process's measured load with perf (JavaScript named by --perf-basic-prof) into
// bench/profiles/process-<i>.txt, to set a fast process's profile beside a slow one's.
// Each server runs with bin/idcheck's Node flags, then --node-flags (which win for a flag set twice).
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Env, type ServiceProcess, startService, waitForAnswer } from '../../test/helpers/service-processes.ts'
import { token } from '../lib/api.ts'
import { load } from '../lib/load.ts'
import { cpuTimeMs, freePort, peakRssMb } from '../lib/processes.ts'
import { BENCH_SIGNING_KEY, benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { servers: { type: 'string', default: '6' }, mode: { type: 'string', default: 'server' }, 'node-flags': { type: 'string', default: '' }, perf: { type: 'boolean', default: false }, 'keep-logs': { type: 'boolean', default: false }, baseline: { type: 'boolean', default: false }, 'cpu-prof': { type: 'boolean', default: false } } })
const ROOT = new URL('../../', import.meta.url).pathname
// The flags bin/idcheck gives Node, read from it so that this stays what `npm start` runs.
const launcher = readFileSync(ROOT + 'bin/idcheck', 'utf8')
const launcherFlags = [
  ...(/NODE_OPTIONS="([^$"]*)/.exec(launcher)?.[1]?.trim().split(/\s+/) ?? []),
  ...(/node" ((?:--[\w-]+(?:=\S+)? )*)"\$here\/src/.exec(launcher)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? []),
]
const flags = [...(values.baseline ? [] : launcherFlags), ...values['node-flags'].split(/\s+/).filter(Boolean), ...(values.perf ? ['--perf-basic-prof'] : [])]
const profiles = new URL('./profiles/', import.meta.url).pathname
const cpuProfDir = values['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'idcheck-gc-stability-cpu-')) : null
if (cpuProfDir) flags.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`)
if (values.perf) mkdirSync(profiles, { recursive: true })
const cpuMs = (pid: number) => cpuTimeMs(pid).total

/** With --node-flags=--trace-deopt: the functions deoptimized most often since the process started, and why. */
function deoptSummary (log: string): string {
  const counts = new Map<string, number>()
  for (const [, reason, fn] of log.matchAll(/bailout \(kind: [\w-]+, reason: ([^)]+)\): begin\. deoptimizing [^<]*<JSFunction ([^ >]+)/g)) {
    const key = `${fn} (${reason})`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  return `${total}; most: ${[...counts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `${k} ×${n}`).join(', ')}`
}

interface CpuProfile { nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }

/** The functions with the most self time, as their share of busy time times the CPU per request. */
function topSelfTime (profile: CpuProfile, perRequestUs: number): string {
  const names = new Map(profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, k) => { const name = names.get(id)!; self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0)) })
  self.delete('(idle) :0')
  const busy = [...self.values()].reduce((a, b) => a + b, 0)
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, t]) => `${name} ${(t / busy * perRequestUs).toFixed(2)}`).join(', ')
}

const embedded = values.mode === 'embedded'
// Server mode: one database for all. Embedded: a data directory and a reseller per process.
const shared = embedded ? null : await serverModeEnv('idcheck_bench')
const dataDirs: string[] = []
const prefix = `idcheck-gc-stability-${process.pid}-`
const servers: { base: string, service: ServiceProcess, headers: Record<string, string>, perRequestUs?: number }[] = []
try {
  for (let i = 0; i < Number(values.servers); i++) {
    const env = shared ?? { DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(join(tmpdir(), prefix))) - 1]!, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }
    const reseller = values.baseline ? null : benchReseller(env, 'GcStability')
    const base = `http://127.0.0.1:${await freePort()}`
    // LOG_LEVEL=warn: stdout then holds the collector's trace, not access lines.
    const service = await startService({
      args: [...flags, '--trace-gc', ...(values.baseline ? [ROOT + 'bench/baseline-server.ts'] : [ROOT + 'src/cli/main.ts', 'serve'])],
      env: { ...process.env as Env, ...env, PORT: new URL(base).port, LOG_LEVEL: 'warn' },
    }, (s) => waitForAnswer(s, base + (values.baseline ? '/api/Ping' : '/health/live')))
    servers.push({ base, service, headers: reseller ? { authorization: `Bearer ${await token(base, reseller.clientId, reseller.clientSecret)}` } : {} })
  }
  console.log(`${values.baseline ? 'the bare Fastify baseline' : `${values.mode} mode`}: node ${flags.join(' ')}`)
  for (const s of servers) await load({ url: s.base + '/api/Ping', durationSeconds: 2, connections: 50, headers: s.headers }) // warm-up
  for (const [i, s] of servers.entries()) {
    const pid = s.service.child.pid!
    const before = cpuMs(pid)
    const traced = s.service.stdout().split('\n').length - 1
    const data = `${profiles}process-${i}.data`
    const perf = values.perf ? spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '4999', '-p', String(pid), '-o', data], { stdio: 'ignore' }) : null
    const r = await load({ url: s.base + '/api/Ping', durationSeconds: 4, connections: 50, headers: s.headers })
    const perRequest = (cpuMs(pid) - before) * 1000 / r.requests
    if (perf) {
      perf.kill('SIGINT')
      await new Promise((resolve) => perf.once('exit', resolve))
      writeFileSync(`${profiles}process-${i}.txt`, `# ${perRequest.toFixed(1)} µs CPU per request\n` + execFileSync('perf', ['report', '-i', data, '--stdio', '--no-children', '--sort', 'sym', '-g', 'none', '--percent-limit', '0.01'], { encoding: 'utf8', maxBuffer: 64 << 20 }))
    }
    const lines = s.service.stdout().split('\n').slice(traced)
    const pause = (l: string) => Number(/MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \//.exec(l)?.[1] ?? 0)
    const scavenges = lines.filter((l) => l.includes(': Scavenge '))
    const fulls = lines.filter((l) => l.includes(': Mark-Compact '))
    s.perRequestUs = perRequest
    console.log(`server ${i}: ${perRequest.toFixed(1).padStart(5)} µs CPU per request, peak RSS ${peakRssMb(pid)} MB; under load ${scavenges.length} scavenges (${scavenges.reduce((a, l) => a + pause(l), 0).toFixed(0)} ms), ${fulls.length} mark-compacts (${fulls.reduce((a, l) => a + pause(l), 0).toFixed(0)} ms)`)
    if (flags.includes('--trace-deopt')) console.log(`  deoptimizations since start: ${deoptSummary(s.service.stdout())}`)
  }
} finally {
  // A CPU profile is written on exit: each process gets 10 s for it.
  await Promise.all(servers.map((s) => s.service.stop(10_000)))
  if (values['keep-logs']) servers.forEach((s, i) => writeFileSync(`/tmp/${prefix}${i}.log`, s.service.stdout()))
  if (cpuProfDir) {
    for (const [i, s] of servers.entries()) {
      const file = readdirSync(cpuProfDir).find((f) => f.includes(`.${s.service.child.pid}.`))
      if (file && s.perRequestUs) console.log(`server ${i}: ${topSelfTime(JSON.parse(readFileSync(join(cpuProfDir, file), 'utf8')), s.perRequestUs)}`)
    }
    rmSync(cpuProfDir, { recursive: true, force: true })
  }
  if (values['keep-logs']) console.log(`logs (Node's stdout: the collector's trace and whatever --node-flags trace): /tmp/${prefix}<i>.log`)
  for (const f of readdirSync('/tmp').filter((f) => f.startsWith(prefix) && !(values['keep-logs'] && f.endsWith('.log')))) rmSync('/tmp/' + f, { force: true, recursive: true })
}
