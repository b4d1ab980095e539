import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { createRunHere } from './run-here.ts'

/** A runner whose deletions of stored jobs are recorded. */
function runner () {
  const deleted: string[] = []
  const here = createRunHere(async (name, ids) => { deleted.push(...ids.map((id) => `${name}/${id}`)) })
  return { here, deleted }
}

describe('jobs run here', () => {
  it('when a queue has no handler in this process, then nothing is reserved (the job goes to the queue)', () => {
    const { here } = runner()
    assert.equal(here.reserve('q'), false)
  })

  it('when the transaction commits, then the job runs here and its stored copy is deleted', async () => {
    const { here, deleted } = runner()
    const ran: unknown[] = []
    here.register('q', async (job) => { ran.push(job) }, 2)
    assert.equal(here.reserve('q'), true)
    here.settle('q', 'a', { n: 1 }, true)
    await here.drain(1000)
    assert.deepEqual(ran, [{ id: 'a', data: { n: 1 }, retryCount: 0 }])
    assert.deepEqual(deleted, ['q/a'])
  })

  it('when the transaction rolls back, then nothing runs and the slot is free again', async () => {
    const { here, deleted } = runner()
    let runs = 0
    here.register('q', async () => { runs++ }, 1)
    assert.equal(here.reserve('q'), true)
    assert.equal(here.reserve('q'), false, 'the one slot is taken')
    here.settle('q', 'a', {}, false)
    assert.equal(here.reserve('q'), true, 'given back by the rollback')
    await here.drain(1000)
    assert.equal(runs, 0)
    assert.deepEqual(deleted, [])
  })

  it('when the run fails, then the stored job is kept (the queue runs it later) and the slot is freed', async () => {
    const { here, deleted } = runner()
    here.register('q', async () => { throw new Error('provider unavailable') }, 1)
    assert.equal(here.reserve('q'), true)
    here.settle('q', 'a', {}, true)
    await here.drain(1000)
    assert.deepEqual(deleted, [])
  })

  it('when several runs finish close together, then their stored jobs are deleted in one batch', async () => {
    const batches: string[][] = []
    const here = createRunHere(async (_name, ids) => { batches.push(ids) })
    here.register('q', async () => {}, 3)
    for (const id of ['a', 'b', 'c']) {
      assert.equal(here.reserve('q'), true)
      here.settle('q', id, {}, true)
    }
    await sleep(300)
    assert.deepEqual(batches, [['a', 'b', 'c']])
  })

  it('when draining, then it waits for running jobs and takes no new ones', async () => {
    const { here, deleted } = runner()
    here.register('q', () => sleep(100), 2)
    assert.equal(here.reserve('q'), true)
    here.settle('q', 'a', {}, true)
    await here.drain(5000)
    assert.deepEqual(deleted, ['q/a'], 'the running job finished and its stored copy was deleted')
    assert.equal(here.reserve('q'), false)
  })
})
