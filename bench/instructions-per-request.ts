// Instructions executed per request by authenticated Ping and by the bare Fastify baseline, counted by
// valgrind (callgrind) in the server process during a fixed number of requests. Unlike requests/s or
// CPU time it does not move with the machine's other load, so it can compare two versions of the code
// on a noisy machine; it does not see time spent in the kernel or waiting on memory.
// node bench/instructions-per-request.ts [--requests 4000]   (server mode; needs valgrind)
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { token } from './lib/api.ts'
import { freePort } from './lib/processes.ts'
import { benchReseller, serverModeEnv } from './lib/seed.ts'

const { values } = parseArgs({ options: { requests: { type: 'string', default: '4000' } } })
const ROOT = new URL('../', import.meta.url).pathname
const amount = Number(values.requests)

async function count (name: string, args: string[], env: Record<string, string>, authorised: boolean): Promise<void> {
  const port = await freePort()
  const out = `/tmp/idcheck-callgrind-${process.pid}-${name}`
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${out}`,
    process.execPath, ...(process.env.KEEP_CALLGRIND ? ['--perf-basic-prof'] : []), ...args], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }, stdio: ['ignore', 'ignore', 'ignore'] })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try { if ((await fetch(base + '/api/Ping')).status < 500) break } catch {}
    await sleep(200)
  }
  const headers: Record<string, string> = authorised ? { authorization: `Bearer ${await token(base, reseller.clientId, reseller.clientSecret)}` } : {}
  await autocannon({ url: base + '/api/Ping', connections: 10, amount: 2000, headers }) // warm-up: the JIT settles
  execFileSync('callgrind_control', ['--instr=on', String(child.pid)], { stdio: 'ignore' })
  const r = await autocannon({ url: base + '/api/Ping', connections: 10, amount, headers })
  execFileSync('callgrind_control', ['--instr=off', String(child.pid)], { stdio: 'ignore' })
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  const total = readFileSync(out, 'utf8').match(/^totals: (\d+)/m)?.[1] ?? readFileSync(out, 'utf8').match(/^summary: (\d+)/m)?.[1]
  if (!process.env.KEEP_CALLGRIND) rmSync(out, { force: true })
  else console.log(out)
  console.log(`${name.padEnd(8)} ${Math.round(Number(total) / r.requests.total).toLocaleString('en').padStart(8)} instructions per request (${r.requests.total} requests, ${r.non2xx} non-2xx)`)
}

const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Instr')
await count('baseline', [ROOT + 'bench/baseline-server.ts'], {}, false)
await count('idcheck', ['--max-semi-space-size=8', '--max-old-space-size=160', ROOT + 'src/cli/main.ts', 'serve'], env, true)
