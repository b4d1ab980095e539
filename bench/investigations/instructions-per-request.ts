// Instructions executed per request by authenticated Ping and by the bare Fastify baseline, counted by
// valgrind (callgrind) in the server process during a fixed number of requests. Unlike requests/s or
// CPU time it does not move with the machine's other load, so it can compare two versions of the code
// on a noisy machine; it does not see time spent in the kernel or waiting on memory.
// node bench/investigations/instructions-per-request.ts [--requests 4000] [--warmup 2000] [--only idcheck|baseline] [--connections 10]   (server mode; needs valgrind)
// KEEP_CALLGRIND=1 keeps the callgrind files in /tmp, for callgrind_annotate.
//
// Each total is split into the garbage collector, the optimising compilers and the rest (the
// program's own work: JavaScript, builtins, Node). Under valgrind the process runs about 50 times
// slower, so V8's clock-driven heuristics (memory reducer, idle-time marking) collect far more often
// per request than in a real run, and with one thread the collector's concurrent marking is counted
// too; compilation is a warm-up cost. Compare versions by the "program" column. The collector and
// compilers are also why the count moves between runs: a run in which a full collection falls
// inside the measured window counts up to 20% more or less "program" (write barriers, code that
// was dropped and compiled again), so run each version twice or more.
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { token } from '../lib/api.ts'
import { freePort } from '../lib/processes.ts'
import { benchReseller, serverModeEnv } from '../lib/seed.ts'

const { values } = parseArgs({ options: { requests: { type: 'string', default: '4000' }, warmup: { type: 'string', default: '2000' }, only: { type: 'string' }, connections: { type: 'string', default: '10' } } })
const ROOT = new URL('../../', import.meta.url).pathname
const amount = Number(values.requests)

async function count (name: string, args: string[], env: Record<string, string>, authorised: boolean): Promise<void> {
  const port = await freePort()
  const out = `/tmp/idcheck-callgrind-${process.pid}-${name}`
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${out}`,
    // One thread for V8 (no GC helper or compiler threads): valgrind runs threads one at a time, and
    // helpers spinning while they wait for each other would be counted as the server's work.
    process.execPath, '--single-threaded', ...args], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }, stdio: ['ignore', 'ignore', 'ignore'] })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try { if ((await fetch(base + '/api/Ping')).status < 500) break } catch {}
    await sleep(200)
  }
  const headers: Record<string, string> = authorised ? { authorization: `Bearer ${await token(base, reseller.clientId, reseller.clientSecret)}` } : {}
  await autocannon({ url: base + '/api/Ping', connections: 10, amount: Number(values.warmup), headers }) // warm-up: the JIT settles
  // Work that runs by the clock (queue supervision, timers) is counted too; it is measured over an
  // idle stretch first and its share of the loaded stretch is taken off.
  const control = (...flags: string[]) => execFileSync('callgrind_control', [...flags, String(child.pid)], { stdio: 'ignore' })
  control('--instr=on')
  control('--zero')
  const idleFrom = performance.now()
  await sleep(5000)
  control('--dump=idle')
  const idleMs = performance.now() - idleFrom
  const loadFrom = performance.now()
  const r = await autocannon({ url: base + '/api/Ping', connections: Number(values.connections), amount, headers })
  control('--dump=load')
  const loadMs = performance.now() - loadFrom
  control('--instr=off')
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  const dumps = readdirSync('/tmp').filter((f) => f.startsWith(basename(out) + '.')).map((f) => readFileSync('/tmp/' + f, 'utf8'))
  const totalOf = (trigger: string) => Number(dumps.find((d) => d.includes(`desc: Trigger: dump ${trigger}\n`))?.match(/^(?:totals|summary): (\d+)/m)?.[1])
  const idle = totalOf('idle')
  const total = totalOf('load') - idle * loadMs / idleMs
  const loadFile = readdirSync('/tmp').find((f) => f.startsWith(basename(out) + '.') && readFileSync('/tmp/' + f, 'utf8').includes('desc: Trigger: dump load\n'))
  const shares = loadFile ? shareOf('/tmp/' + loadFile) : { gc: 0, compiler: 0 }
  if (!process.env.KEEP_CALLGRIND) for (const f of readdirSync('/tmp').filter((f) => f.startsWith(basename(out)))) rmSync('/tmp/' + f, { force: true })
  else console.log(out)
  const perRequest = (n: number) => Math.round(n / r.requests.total).toLocaleString('en').padStart(8)
  const gc = total * shares.gc
  const compiler = total * shares.compiler
  console.log(`${name.padEnd(8)} ${perRequest(total)} instructions per request: program ${perRequest(total - gc - compiler)}, GC ${perRequest(gc)}, compilers ${perRequest(compiler)} (${r.requests.total} requests in ${Math.round(loadMs)} ms, ${r.non2xx} non-2xx; clock-driven work ${Math.round(idle * 1000 / idleMs).toLocaleString('en')}/s)`)
}

/** The shares of a dump's instructions spent in V8's garbage collector and in its compilers, by function name. */
function shareOf (file: string): { gc: number, compiler: number } {
  const annotated = execFileSync('callgrind_annotate', ['--threshold=100', file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  let all = 0
  let gc = 0
  let compiler = 0
  for (const line of annotated.split('\n')) {
    const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line)
    if (!m) continue
    const n = Number(m[1]!.replaceAll(',', ''))
    const fn = m[2]!
    if (fn.includes('PROGRAM TOTALS')) continue
    all += n
    if (/v8::internal::(?:[A-Za-z]*(?:Marking|Marker|MarkCompact|Sweep|Scaveng|Evacuat|Heap|GC|Worklist|Remembered|SlotSet|FreeList|Allocator|LiveObject|Barrier)|BodyDescriptorBase::IteratePointers|HeapObject::SizeFromMap)|heap::base::/.test(fn)) gc += n
    else if (/v8::internal::(?:compiler|maglev|interpreter|baseline)::|v8::internal::(?:Compiler|Parser|Scanner|AstNode|Bytecode)/.test(fn)) compiler += n
  }
  return all ? { gc: gc / all, compiler: compiler / all } : { gc: 0, compiler: 0 }
}

const env = await serverModeEnv('idcheck_bench')
const reseller = benchReseller(env, 'Instr')
if (values.only !== 'idcheck') await count('baseline', [ROOT + 'bench/baseline-server.ts'], {}, false)
if (values.only !== 'baseline') await count('idcheck', ['--max-semi-space-size=8', '--max-old-space-size=160', '--no-allocation-site-pretenuring', '--invocation-count-for-feedback-allocation=500', ROOT + 'src/cli/main.ts', 'serve'], { ...env, RUN_WORKERS: 'false' }, true)
