// PGlite's own memory, outside idcheck: its WebAssembly memory and the process's resident set when a
// data directory is opened and then queried, for a given shared_buffers, and the largest TurboFan
// compilations of its WebAssembly (V8's --trace-wasm-compilation-times), which make the peak.
// node bench/investigations/pglite-memory.ts [--shared-buffers 16MB,128MB]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'

const { values } = parseArgs({ options: { 'shared-buffers': { type: 'string', default: '16MB,128MB' }, child: { type: 'string' }, dir: { type: 'string' } } })
const mb = (bytes: number) => Math.round(bytes / 1048576)
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024)

if (values.child) {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${values.child}`]
  const pglite = await PGlite.create(values.dir, { startParams })
  const opened = `RSS ${mb(process.memoryUsage().rss)} MB (peak ${peakMb()}) when open, WebAssembly memory ${mb(pglite.Module.HEAPU8.length)} MB`
  await pglite.exec('CREATE TABLE IF NOT EXISTS t (id serial PRIMARY KEY, doc jsonb)')
  for (let i = 0; i < 2000; i++) await pglite.query('INSERT INTO t (doc) VALUES ($1)', [JSON.stringify({ i, name: 'x'.repeat(50) })])
  for (let i = 0; i < 3000; i++) await pglite.query('SELECT doc FROM t WHERE id = $1', [i % 2000 + 1])
  for (let i = 0; i < 1000; i++) await pglite.query("SELECT string_agg(doc::text, ',') FROM (SELECT doc FROM t WHERE id > $1 ORDER BY id LIMIT 50) s", [i])
  console.log(`RESULT ${opened}; after 6,000 queries RSS ${mb(process.memoryUsage().rss)} MB, peak ${peakMb()} MB, WebAssembly memory ${mb(pglite.Module.HEAPU8.length)} MB`)
  await pglite.close()
} else {
  const self = fileURLToPath(import.meta.url)
  for (const sharedBuffers of values['shared-buffers'].split(',')) {
    const dir = mkdtempSync(join(tmpdir(), 'idcheck-pglite-'))
    try {
      // The first run makes the data directory (initdb); the measured one opens it, as a later start does.
      execFileSync(process.execPath, [self, '--child', sharedBuffers, '--dir', dir], { stdio: 'ignore' })
      const out = execFileSync(process.execPath, ['--trace-wasm-compilation-times', self, '--child', sharedBuffers, '--dir', dir], { encoding: 'utf8', maxBuffer: 64 << 20 })
      console.log(`shared_buffers=${sharedBuffers}: ${out.split('\n').find((line) => line.startsWith('RESULT '))?.slice(7)}`)
      const turbofan = [...out.matchAll(/#(\d+) using TurboFan, took (\d+) ms and (\d+) \/ (\d+) max\/total bytes; bodysize (\d+)/g)]
        .map(([, index, ms, max, , body]) => ({ index, ms: Number(ms), maxMb: mb(Number(max)), bodyKb: Math.round(Number(body) / 1024) }))
        .sort((a, b) => b.maxMb - a.maxMb)
      console.log(`  ${turbofan.length} TurboFan compilations; the largest compiler memory: ${turbofan.slice(0, 3).map((c) => `function #${c.index} (${c.bodyKb} KB of WebAssembly) ${c.maxMb} MB for ${c.ms} ms`).join('; ')}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
