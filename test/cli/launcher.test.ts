import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'idcheck-launcher-test-'))
after(() => rmSync(dir, { recursive: true, force: true }))
// Preloaded into the CLI's process through NODE_OPTIONS: reports the heap limit V8 was given and Node's command-line flags.
const probe = join(dir, 'heap-limit.cjs')
writeFileSync(probe, "process.stderr.write('heap-limit-mb=' + Math.round(require('node:v8').getHeapStatistics().heap_size_limit / 1048576) + ' flags=' + process.execArgv.join(' ') + '\\n')\n")

/** What bin/idcheck's process reports: its heap limit in MB (V8 adds the young generation) and its command-line flags. */
async function launched (operatorOptions: string): Promise<{ heapLimitMb: number, flags: string[] }> {
  const env = { ...process.env, NODE_OPTIONS: `--require ${probe}${operatorOptions ? ' ' + operatorOptions : ''}` }
  const { stderr } = await promisify(execFile)(join(ROOT, 'bin/idcheck'), ['--help'], { cwd: ROOT, env })
  const [, limit, flags] = /heap-limit-mb=(\d+) flags=(.*)/.exec(stderr) ?? []
  return { heapLimitMb: Number(limit), flags: (flags ?? '').split(' ') }
}

describe('bin/idcheck', () => {
  it('when the operator sets no heap flags, then the process runs with the measured limit (160 MB old space)', async () => {
    const limit = (await launched('')).heapLimitMb
    assert.ok(limit >= 160 && limit < 200, `heap limit ${limit} MB`)
  })

  it('when the operator sets --max-old-space-size in NODE_OPTIONS, then it wins over the launcher default', async () => {
    const limit = (await launched('--max-old-space-size=512')).heapLimitMb
    assert.ok(limit >= 512 && limit < 560, `heap limit ${limit} MB`)
  })

  it('when it starts Node, then allocation-site pretenuring is off (a third of processes otherwise thrashed the collector under load)', async () => {
    assert.ok((await launched('')).flags.includes('--no-allocation-site-pretenuring'))
  })

  it('when it starts Node, then a function gets type feedback from its 500th call (a third of processes otherwise built every nextTick object through the runtime)', async () => {
    assert.ok((await launched('')).flags.includes('--invocation-count-for-feedback-allocation=500'))
  })
})
