// Resident memory of an embedded-mode idcheck (PGlite in the process), at rest: on its first start
// (an empty DATA_DIR, so PostgreSQL's initdb runs in the process) and on a later start of the same
// data directory. node bench/embedded-memory.ts [--settle 10]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { currentRssMb, peakRssMb, startIdcheck } from './lib/processes.ts'
import { BENCH_SIGNING_KEY } from './lib/seed.ts'

const { values } = parseArgs({ options: { settle: { type: 'string', default: '10' } } })
const dataDir = mkdtempSync(join(tmpdir(), 'idcheck-memory-'))
const env = { DATA_DIR: dataDir, TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY, DATABASE_URL: '', REDIS_URL: '' }
try {
  for (const start of ['first start (initdb)', 'later start']) {
    const server = await startIdcheck(env)
    const pid = server.child.pid!
    const ready = currentRssMb(pid)
    await sleep(Number(values.settle) * 1000) // pg-boss's first maintenance and V8's compilation settle
    console.log(`${start.padEnd(20)} RSS ${ready} MB when ready, ${currentRssMb(pid)} MB after ${values.settle} s at rest, peak ${peakRssMb(pid)} MB`)
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
