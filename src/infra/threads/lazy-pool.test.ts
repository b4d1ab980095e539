import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { PoolBusy, PoolClosed, TaskTimedOut, createLazyPool } from './lazy-pool.ts'
import type { LazyPoolOptions } from './lazy-pool.ts'

/** A pool of numbered fake workers that records starts and stops. */
function givenPool (overrides: Partial<LazyPoolOptions<number>> = {}) {
  const started: number[] = []
  const stopped: number[] = []
  const pool = createLazyPool<number>({
    size: 2, idleMs: 50, maxWaiting: 10, taskTimeoutMs: 1000,
    start: async () => { started.push(started.length + 1); return started.length },
    stop: async (worker) => { stopped.push(worker) },
    ...overrides,
  })
  return { pool, started, stopped }
}

describe('createLazyPool', () => {
  it('when nothing has run yet, then no worker is started', () => {
    const { pool, started } = givenPool()
    assert.equal(pool.liveWorkers(), 0)
    assert.deepEqual(started, [])
  })

  it('when more tasks than workers arrive, then at most size run at once and the rest wait their turn', async () => {
    const { pool, started } = givenPool()
    let running = 0
    let most = 0
    const task = async (worker: number) => {
      most = Math.max(most, ++running)
      await sleep(20)
      running--
      return worker
    }
    const workers = await Promise.all(Array.from({ length: 6 }, () => pool.run(task)))
    assert.equal(most, 2)
    assert.deepEqual(started, [1, 2])
    assert.deepEqual([...new Set(workers)].sort(), [1, 2])
    await pool.close()
  })

  it('when a worker has been idle for idleMs, then it is stopped, and the next task starts a new one', async () => {
    const { pool, started, stopped } = givenPool({ idleMs: 30 })
    await pool.run(async () => {})
    assert.equal(pool.liveWorkers(), 1)
    await sleep(80)
    assert.equal(pool.liveWorkers(), 0)
    assert.deepEqual(stopped, [1])
    assert.equal(await pool.run(async (worker) => worker), 2)
    assert.deepEqual(started, [1, 2])
    await pool.close()
  })

  it('when the queue is full, then the next task is refused with PoolBusy', async () => {
    const { pool } = givenPool({ size: 1, maxWaiting: 2 })
    const slow = () => pool.run(() => sleep(30))
    const accepted = [slow(), slow()]
    await assert.rejects(slow(), PoolBusy)
    await Promise.all(accepted)
    await pool.close()
  })

  it('when a task runs past taskTimeoutMs, then it fails with TaskTimedOut and its worker is stopped', async () => {
    const { pool, stopped } = givenPool({ taskTimeoutMs: 20 })
    await assert.rejects(pool.run(() => sleep(200)), TaskTimedOut)
    await sleep(5)
    assert.deepEqual(stopped, [1])
    assert.equal(pool.liveWorkers(), 0)
    await pool.close()
  })

  it('when a worker cannot start, then the task waiting for it fails with the reason', async () => {
    const { pool } = givenPool({ start: async () => { throw new Error('no model') } })
    await assert.rejects(pool.run(async () => {}), /no model/)
    await pool.close()
  })

  it('when a worker is no longer usable after its task, then it is dropped', async () => {
    const { pool, stopped } = givenPool({ isUsable: () => false })
    await pool.run(async () => {})
    await sleep(5)
    assert.deepEqual(stopped, [1])
    await pool.close()
  })

  it('when closed, then running tasks finish, waiting ones fail with PoolClosed, every worker stops, and new tasks are refused', async () => {
    const { pool, stopped } = givenPool({ size: 1 })
    const running = pool.run(async () => { await sleep(20); return 'done' })
    const waiting = pool.run(async () => 'never')
    await sleep(5)
    const closing = pool.close()
    await assert.rejects(waiting, PoolClosed)
    assert.equal(await running, 'done')
    await closing
    assert.deepEqual(stopped, [1])
    assert.equal(pool.liveWorkers(), 0)
    await assert.rejects(pool.run(async () => {}), PoolClosed)
  })
})
