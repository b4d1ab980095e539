import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

// What bin/idcheck gives Node, checked in the process it starts; what each flag buys is measured in
// docs/performance.md (Settings that matter), not here: a test asserts only what is certain.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'idcheck-launcher-test-'))
after(() => rmSync(dir, { recursive: true, force: true }))
// Preloaded into the CLI's process through NODE_OPTIONS: reports the heap limit V8 was given and Node's command-line flags.
const probe = join(dir, 'heap-limit.cjs')
writeFileSync(probe, "process.stderr.write('heap-limit-mb=' + Math.round(require('node:v8').getHeapStatistics().heap_size_limit / 1048576) + ' flags=' + process.execArgv.join(' ') + '\\n')\n")
const { NODE_OPTIONS: _inherited, ...cleanEnv } = process.env

/** What bin/idcheck's process reports: its heap limit in MB (V8 adds the young generation) and its command-line flags. */
async function launched (operatorOptions: string, databaseUrl = ''): Promise<{ heapLimitMb: number, flags: string[] }> {
  const env = { ...cleanEnv, DATABASE_URL: databaseUrl, NODE_OPTIONS: `--require ${probe}${operatorOptions ? ' ' + operatorOptions : ''}` }
  const { stderr } = await promisify(execFile)(join(ROOT, 'bin/idcheck'), ['--help'], { cwd: ROOT, env })
  const [, limit, flags] = /heap-limit-mb=(\d+) flags=(.*)/.exec(stderr) ?? []
  return { heapLimitMb: Number(limit), flags: (flags ?? '').split(' ') }
}

/** The heap limit in MB that the pinned Node gets from exactly these flags: the yardstick for bin/idcheck's. */
async function heapLimitFor (flags: string[]): Promise<number> {
  const script = "process.stdout.write(String(Math.round(require('node:v8').getHeapStatistics().heap_size_limit / 1048576)))"
  const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/node'), [...flags, '-e', script], { env: cleanEnv })
  return Number(stdout)
}

describe('bin/idcheck', () => {
  it('when the operator sets no heap flags, then the process has the heap of --max-semi-space-size=8 --max-old-space-size=160, below Node\'s own', async () => {
    const limit = (await launched('')).heapLimitMb
    assert.equal(limit, await heapLimitFor(['--max-semi-space-size=8', '--max-old-space-size=160']))
    assert.ok(limit >= 160 && limit < 200, `heap limit ${limit} MB`)
    assert.ok(limit < await heapLimitFor([]), 'the launcher lowers the limit Node would choose')
  })

  it('when the operator sets --max-old-space-size in NODE_OPTIONS, then it wins over the launcher default', async () => {
    const limit = (await launched('--max-old-space-size=512')).heapLimitMb
    assert.equal(limit, await heapLimitFor(['--max-semi-space-size=8', '--max-old-space-size=512']))
    assert.ok(limit >= 512 && limit < 560, `heap limit ${limit} MB`)
  })

  it('when the operator sets --max-semi-space-size in NODE_OPTIONS, then it wins over the launcher default', async () => {
    assert.equal((await launched('--max-semi-space-size=32')).heapLimitMb, await heapLimitFor(['--max-semi-space-size=32', '--max-old-space-size=160']))
  })

  it('when it starts Node, then a function gets type feedback from its 500th call (a Ping otherwise costs more CPU)', async () => {
    assert.ok((await launched('')).flags.includes('--invocation-count-for-feedback-allocation=500'))
  })

  it('when it starts embedded mode (no DATABASE_URL), then WebAssembly is compiled by the baseline compiler only (PGlite\'s start-up otherwise peaks at about 740 MB)', async () => {
    assert.ok((await launched('')).flags.includes('--liftoff-only'))
  })

  it('when it starts server mode (DATABASE_URL set), then WebAssembly keeps V8\'s optimizing compiler (no PGlite to weigh)', async () => {
    assert.ok(!(await launched('', 'postgres://postgres@127.0.0.1:5432/test')).flags.includes('--liftoff-only'))
  })
})
