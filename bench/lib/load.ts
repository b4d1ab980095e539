import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { childrenCpuTimeMs } from './processes.ts'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
}

export interface GeneratedLoad extends LoadResult {
  /** CPU time the load generator itself used during the load, in ms. */
  generatorCpuMs: number
}

export interface LoadOptions {
  url: string
  durationSeconds: number
  connections: number
  method?: 'GET' | 'POST' | 'DELETE'
  headers?: Record<string, string>
  body?: string
  /** Requests per second for all connections together (open load, for latency below saturation); unset = as fast as possible. */
  overallRate?: number
  /** A body whose `{n}` is replaced by a number, one per request from `firstNumber` on, for writes that must not collide. */
  bodyTemplate?: string
  firstNumber?: number
  /** Binary bodies, one per request numbered from `firstNumber` (autocannon only), with their content type. */
  bodyOf?: { contentType: string, body: (n: number) => Buffer }
}

export type LoadGenerator = 'wrk' | 'autocannon'

/**
 * autocannon, or wrk (Debian's package; `npm run install:wrk`) with BENCH_CLIENT=wrk. The load
 * generator shares this machine's two cores with the server it loads; wrk spends less CPU per answer,
 * but Ping's ratio to the baseline came out alike with either, so autocannon, which needs no system
 * package, stays the default.
 */
export const generator: LoadGenerator = chooseGenerator()

function chooseGenerator (): LoadGenerator {
  const wanted = process.env.BENCH_CLIENT ?? 'autocannon'
  if (wanted !== 'wrk' && wanted !== 'autocannon') throw new Error(`BENCH_CLIENT must be wrk or autocannon, not ${wanted}`)
  if (wanted === 'wrk') {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    } catch (err) {
      // wrk prints its version and exits 1; only a missing binary is ENOENT.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('BENCH_CLIENT=wrk, but wrk is not installed: npm run install:wrk')
    }
  }
  return wanted
}

export async function load (o: LoadOptions): Promise<GeneratedLoad> {
  // wrk cannot hold a fixed rate; below saturation the generator's own cost hardly matters.
  return generator === 'wrk' && !o.overallRate && !o.bodyOf ? wrkLoad(o) : autocannonLoad(o)
}

const headersOf = (o: LoadOptions) => ({
  ...(o.body || o.bodyTemplate ? { 'content-type': 'application/json' } : {}),
  ...(o.bodyOf ? { 'content-type': o.bodyOf.contentType } : {}),
  ...o.headers,
})

async function autocannonLoad (o: LoadOptions): Promise<GeneratedLoad> {
  let n = o.firstNumber ?? 0
  const cpuBefore = process.cpuUsage()
  const result = await autocannon({
    url: o.url,
    duration: o.durationSeconds,
    connections: o.connections,
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
    method: o.method ?? 'GET',
    headers: headersOf(o),
    body: o.body,
    ...(o.bodyTemplate ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: o.bodyTemplate!.replaceAll('{n}', String(n++)) }) }] } : {}),
    ...(o.bodyOf ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: o.bodyOf!.body(n++) }) }] } : {}),
  } as autocannon.Options)
  const cpu = process.cpuUsage(cpuBefore)
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  }
}

/** Lua long-bracket string: no escaping needed for headers, tokens and JSON. */
const luaString = (s: string) => `[==[${s}]==]`

/** One wrk thread (the other core is the server's); the script sets the request and prints the summary as one line. */
function wrkScript (o: LoadOptions): string {
  const lines = [`wrk.method = ${luaString(o.method ?? 'GET')}`]
  for (const [name, value] of Object.entries(headersOf(o))) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
  if (o.body) lines.push(`wrk.body = ${luaString(o.body)}`)
  if (o.bodyTemplate) {
    // Without a request function wrk sends one request formatted once; with it, a body per request.
    lines.push(
      `local template = ${luaString(o.bodyTemplate)}`,
      `local n = ${(o.firstNumber ?? 0) - 1}`,
      'request = function()',
      '  n = n + 1',
      '  return wrk.format(nil, nil, nil, (template:gsub("{n}", tostring(n))))',
      'end',
    )
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("\\nRESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  )
  return lines.join('\n') + '\n'
}

async function wrkLoad (o: LoadOptions): Promise<GeneratedLoad> {
  const dir = mkdtempSync(join(tmpdir(), 'idcheck-wrk-'))
  try {
    const script = join(dir, 'load.lua')
    writeFileSync(script, wrkScript(o))
    const before = childrenCpuTimeMs()
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t', '1', '-c', String(o.connections), '-d', `${o.durationSeconds}s`, '--timeout', '10s', '-s', script, o.url], { stdio: ['ignore', 'pipe', 'inherit'] })
      let text = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => { text += chunk })
      child.on('error', reject)
      child.on('close', (code) => code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`)))
    })
    // wrk's status errors are the answers of 400 and above; idcheck sends no 3xx to these loads.
    const fields = /^RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(out)
    if (!fields) throw new Error(`wrk printed no result: ${out}`)
    const [requests, durationUs, p50Us, p99Us, non2xx, errors] = fields.slice(1).map(Number) as [number, number, number, number, number, number]
    const ms = (us: number) => Math.round(us / 100) / 10
    return {
      rps: Math.round(requests / (durationUs / 1e6)),
      p50: ms(p50Us),
      p99: ms(p99Us),
      requests,
      non2xx,
      errors,
      generatorCpuMs: childrenCpuTimeMs() - before,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
