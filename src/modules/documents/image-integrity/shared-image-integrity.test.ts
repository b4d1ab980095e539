import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { SandboxPool } from '../../../infra/sandbox/sandbox-pool.ts'
import type { RiskSignal } from '../analysis/analysis-types.ts'
import type { DocumentSubject } from '../document-subject.ts'
import { sharedImageIntegrity } from './image-integrity-check.ts'

/** A parser pool that records each task it is given and answers with what `answer` gives. */
function countingPool (answer: (call: number) => Promise<RiskSignal[]>) {
  const calls: { tenant: string | number, op: string }[] = []
  const pool = {
    run: async (tenant: string | number, op: string) => { calls.push({ tenant, op }); return answer(calls.length) },
    liveProcesses: () => 0,
    close: async () => {},
  } as SandboxPool
  return { pool, calls }
}

const passport = (id: number): DocumentSubject => ({ accountId: 7, caseId: 3, id, documentType: 'Passport', kind: 'jpeg', bytes: new Uint8Array([0xff, 0xd8]) })
const edited: RiskSignal[] = [{ code: 'edited_with_image_editor', severity: 'medium', message: 'Saved by an image editor' }]

describe('image integrity shared by the checks of one process', () => {
  it('when KYC and document risk ask for one passport at once, then the sandbox works it out once and both get its signals', async () => {
    const { pool, calls } = countingPool(async () => edited)
    const integrity = sharedImageIntegrity(pool)
    const [kyc, risk] = await Promise.all([integrity(passport(1)), integrity(passport(1))])
    assert.deepEqual(kyc, edited)
    assert.deepEqual(risk, edited)
    assert.deepEqual(calls, [{ tenant: 7, op: 'documents.assessImageIntegrity' }])
    assert.deepEqual(await integrity(passport(1)), edited, 'a later retry of either check')
    assert.equal(calls.length, 1)
  })

  it('when two documents are asked for, then each is worked out', async () => {
    const { pool, calls } = countingPool(async () => [])
    const integrity = sharedImageIntegrity(pool)
    await Promise.all([integrity(passport(1)), integrity(passport(2))])
    assert.equal(calls.length, 2)
  })

  it('when the work fails, then the failure reaches each waiting check and the next ask works it out again', async () => {
    const { pool, calls } = countingPool(async (call) => { if (call === 1) throw new Error('sandbox crashed'); return edited })
    const integrity = sharedImageIntegrity(pool)
    const both = await Promise.allSettled([integrity(passport(1)), integrity(passport(1))])
    assert.deepEqual(both.map((r) => r.status), ['rejected', 'rejected'])
    assert.deepEqual(await integrity(passport(1)), edited)
    assert.equal(calls.length, 2)
  })

  it('when more documents than it keeps have been asked for, then the oldest is worked out again and the newest is not', async () => {
    const { pool, calls } = countingPool(async () => [])
    const integrity = sharedImageIntegrity(pool, 2)
    for (const id of [1, 2, 3]) await integrity(passport(id))
    await integrity(passport(3))
    assert.equal(calls.length, 3)
    await integrity(passport(1))
    assert.equal(calls.length, 4)
  })
})
