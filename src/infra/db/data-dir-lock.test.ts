import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { DataDirBusy, lockDataDir } from './data-dir-lock.ts'

const dirs: string[] = []
after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }) })
const freshDir = () => { const dir = mkdtempSync(join(tmpdir(), 'idcheck-lock-')); dirs.push(dir); return dir }

/** A child process that takes the lock, says so, and waits to be killed. */
async function holderProcess (dataDir: string) {
  const script = `import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)}
await lockDataDir(${JSON.stringify(dataDir)}, 'a test holder'); process.stdout.write('locked\\n'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => { if (String(chunk).includes('locked')) resolve() })
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)))
  })
  return child
}

describe('data directory lock', () => {
  it('when the directory is locked, then a second lock is refused with the holder and its pid; after unlock it can be taken', async () => {
    const dir = freshDir()
    const unlock = await lockDataDir(dir, 'idcheck serve')
    await assert.rejects(lockDataDir(dir, 'an idcheck command'), (err: Error) => {
      assert.ok(err instanceof DataDirBusy)
      assert.equal(err.message, `the data directory ${dir} is in use by idcheck serve (pid ${process.pid}). Stop it first (Ctrl-C or kill ${process.pid}), or run against PostgreSQL with DATABASE_URL.`)
      return true
    })
    unlock()
    const again = await lockDataDir(dir, 'idcheck serve')
    again()
  })

  it('when the holder is another live process, then the lock is refused naming it', async () => {
    const dir = freshDir()
    const holder = await holderProcess(dir)
    try {
      await assert.rejects(lockDataDir(dir, 'idcheck serve'), { message: new RegExp(`in use by a test holder \\(pid ${holder.pid}\\)`) })
    } finally {
      holder.kill('SIGKILL')
    }
  })

  it('when the holder is killed with SIGKILL, then the lock can be taken at once, without waiting', async () => {
    const dir = freshDir()
    const holder = await holderProcess(dir)
    const exited = new Promise((resolve) => holder.once('exit', resolve))
    holder.kill('SIGKILL')
    await exited
    const started = Date.now()
    const unlock = await lockDataDir(dir, 'idcheck serve')
    assert.ok(Date.now() - started < 1000, `the lock took ${Date.now() - started} ms`)
    unlock()
  })

  it("when an earlier version's lock file names this very process's pid, then it does not block start-up", async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'idcheck.lock'), JSON.stringify({ pid: process.pid, holder: 'idcheck serve' }))
    const unlock = await lockDataDir(dir, 'idcheck serve')
    unlock()
  })

  it('when two directories are locked, then each has its own lock', async () => {
    const [a, b] = [freshDir(), freshDir()]
    const unlockA = await lockDataDir(a, 'idcheck serve')
    const unlockB = await lockDataDir(b, 'idcheck serve')
    unlockA()
    unlockB()
  })
})
