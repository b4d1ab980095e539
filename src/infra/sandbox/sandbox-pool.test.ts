import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { residentBytes } from './process-memory.ts'
import { SandboxBusy, SandboxClosed, SandboxCrashed, SandboxMemoryExceeded, SandboxStartFailed, SandboxTaskFailed, SandboxTimedOut } from './sandbox-errors.ts'
import { createSandboxPool } from './sandbox-pool.ts'
import { NotAPdf } from '../../../test/fixtures/sandbox/sandbox-test-tasks.ts'
import { createTenantQueue } from './tenant-queue.ts'

const modules = [new URL('../../../test/fixtures/sandbox/sandbox-test-tasks.ts', import.meta.url)]

describe('the tenant queue', () => {
  it('when one tenant queues many items, then each other tenant is served before its second', () => {
    const queue = createTenantQueue<string>()
    queue.push('a', 'a1')
    assert.equal(queue.shift(), 'a1')
    for (let i = 2; i <= 30; i++) queue.push('a', `a${i}`)
    queue.push('b', 'b1')
    queue.push('c', 'c1')
    queue.push('b', 'b2')
    const order = Array.from({ length: 6 }, () => queue.shift())
    assert.deepEqual(order, ['b1', 'c1', 'a2', 'b2', 'a3', 'a4'])
    assert.equal(queue.size, 26)
    assert.equal(queue.drain().length, 26)
    assert.equal(queue.shift(), undefined)
  })
})

describe('the sandbox pool', () => {
  const pool = createSandboxPool({ modules, size: 1, memoryMb: 200, timeoutMs: 3_000, errors: { NotAPdf } })
  after(() => pool.close())

  it('when tasks run, then each comes back, in one warm process that runs one task at a time', async () => {
    assert.equal(pool.liveProcesses(), 0, 'nothing starts before the first task')
    const answers = await Promise.all([1, 2, 3].map((n) => pool.run<{ label: string, pid: number, length: number }>('t', 'echo', { label: `n${n}`, bytes: new Uint8Array(n * 1000) })))
    assert.deepEqual(answers.map((a) => [a.label, a.length]), [['n1', 1000], ['n2', 2000], ['n3', 3000]])
    assert.equal(new Set(answers.map((a) => a.pid)).size, 1)
    assert.notEqual(answers[0]!.pid, process.pid)
    assert.equal(pool.liveProcesses(), 1)
  })

  it('when one tenant has queued 30 tasks, then another tenant\'s task runs after at most one of them', async () => {
    const finished: string[] = []
    const greedy = Array.from({ length: 30 }, (_, i) => pool.run('greedy', 'wait', { label: `g${i}`, ms: 20 }).then(() => { finished.push(`g${i}`) }))
    const other = pool.run('other', 'wait', { label: 'o', ms: 20 }).then(() => { finished.push('o') })
    await Promise.all([...greedy, other])
    assert.ok(finished.indexOf('o') <= 1, finished.join(' '))
  })

  it('when a task allocates 1 GB of ArrayBuffers, then it fails with the memory sentence, the parent does not grow, and the next task runs', async () => {
    const before = residentBytes(process.pid)!
    // A generous time limit: the child runs niced, so on a loaded machine its allocations are slow, and this test is about memory.
    const failure = await pool.run('t', 'allocateBuffers', { mb: 1024 }, { timeoutMs: 60_000 }).then(() => null, (error: Error) => error)
    assert.ok(failure instanceof SandboxMemoryExceeded && failure instanceof SandboxTaskFailed, String(failure))
    assert.equal(failure.message, 'The file needed more than 200 MB of memory to read; it was not processed.')
    assert.ok(residentBytes(process.pid)! - before < 50 * 1024 * 1024, 'the parent\'s memory did not take the allocation')
    assert.equal((await pool.run<{ label: string }>('t', 'echo', { label: 'after' })).label, 'after')
  })

  it('when a task fills the V8 heap, then it fails with the memory sentence', async () => {
    await assert.rejects(pool.run('t', 'growHeap', {}, { timeoutMs: 60_000 }), SandboxMemoryExceeded)
  })

  it('when a task spins forever, then it fails with the time sentence and the next task still works', async () => {
    const started = Date.now()
    await assert.rejects(pool.run('t', 'spin', {}, { timeoutMs: 500 }), (error: Error) =>
      error instanceof SandboxTimedOut && error.message === 'The file took longer than 0.5 seconds to read; it was not processed.')
    assert.ok(Date.now() - started < 2_500)
    assert.equal((await pool.run<{ label: string }>('t', 'echo', { label: 'next' })).label, 'next')
  })

  it('when a task throws, then the caller gets the same error class and fields', async () => {
    await assert.rejects(pool.run('t', 'refuse', { detail: 'no header' }), (error: Error) =>
      error instanceof NotAPdf && error.message === 'Not a PDF: no header' && error.detail === 'no header')
  })
})

describe('a sandbox pool whose task module is missing', () => {
  it('when its process cannot start, then the task fails with SandboxStartFailed, not as the task\'s fault', async () => {
    const broken = createSandboxPool({ modules: [new URL('./no-such-tasks.ts', import.meta.url)], size: 1, memoryMb: 100, timeoutMs: 5_000 })
    after(() => broken.close())
    await assert.rejects(broken.run('a', 'echo', {}), (error: Error) => error instanceof SandboxStartFailed && !(error instanceof SandboxTaskFailed) && /could not start: exit code 1/.test(error.message))
  })
})

describe('the sandbox pool with two processes', () => {
  const pool = createSandboxPool({ modules, size: 2, memoryMb: 200, timeoutMs: 5_000, maxWaiting: 3 })
  after(() => pool.close())

  it('when a task crashes its process, then only that task fails, and other tenants\' tasks complete', async () => {
    const slow = pool.run<{ label: string }>('b', 'wait', { label: 'b', ms: 300 })
    const crash = pool.run('a', 'crash', {})
    await assert.rejects(crash, (error: Error) => error instanceof SandboxCrashed && error.message === 'The file reader stopped while reading the file (signal SIGSEGV); it was not processed.')
    assert.equal((await slow).label, 'b')
    assert.equal((await pool.run<{ label: string }>('a', 'echo', { label: 'a again' })).label, 'a again')
  })

  it('when more tasks wait than allowed, then the rest are refused with SandboxBusy', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => pool.run('a', 'wait', { label: `w${i}`, ms: 50 })))
    const refused = outcomes.filter((o) => o.status === 'rejected')
    // 3 wait, and at most the 2 processes' tasks run: at least 4 of 9 are refused.
    assert.ok(refused.length >= 4 && refused.length <= 6, String(refused.length))
    assert.ok(refused.every((o) => o.reason instanceof SandboxBusy && o.reason.message === 'The file readers are busy: 3 files are already waiting'))
  })

  it('when the pool closes, then running and waiting tasks are refused at once and its processes leave', async () => {
    const running = pool.run<{ label: string }>('a', 'wait', { label: 'running', ms: 60_000 })
    const refused = assert.rejects(running, SandboxClosed)
    const more = [pool.run('a', 'wait', { label: 'x', ms: 100 }), pool.run('a', 'wait', { label: 'y', ms: 100 }), pool.run('a', 'wait', { label: 'z', ms: 100 })]
    const settled = Promise.allSettled(more)
    const started = Date.now()
    await pool.close()
    assert.ok(Date.now() - started < 5000, 'close does not wait for the running task')
    await refused
    const outcomes = await settled
    assert.ok(outcomes.some((o) => o.status === 'rejected' && o.reason instanceof SandboxClosed))
    assert.equal(pool.liveProcesses(), 0)
    await assert.rejects(pool.run('a', 'echo', { label: 'late' }), SandboxClosed)
  })
})
