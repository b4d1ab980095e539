import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { requestIdGenerator } from './request-id.ts'

const noHeader = { headers: {} }

describe('request ids', () => {
  it('when the client sends none, then each id is new and has the form <16 hex>-<8 hex>', () => {
    const next = requestIdGenerator()
    const ids = new Set<string>()
    for (let i = 0; i < 200_000; i++) ids.add(next(noHeader))
    assert.equal(ids.size, 200_000)
    for (const id of [...ids].slice(0, 100)) assert.match(id, /^[0-9a-f]{16}-[0-9a-f]{8}$/)
  })

  it('when ids follow one another, then they do not visibly count up', () => {
    const next = requestIdGenerator()
    const tails = Array.from({ length: 50 }, () => parseInt(next(noHeader).slice(17), 16))
    const steps = new Set(tails.slice(1).map((t, i) => t - tails[i]!))
    assert.ok(steps.size > 45, `successive ids differ by ${steps.size} distinct steps`)
  })

  it('when two processes start, then their ids differ', () => {
    assert.notEqual(requestIdGenerator()(noHeader), requestIdGenerator()(noHeader))
  })

  it('when the client sends a plausible x-request-id, then it is kept; otherwise it is replaced', () => {
    const next = requestIdGenerator()
    assert.equal(next({ headers: { 'x-request-id': 'order-42:retry.1' } }), 'order-42:retry.1')
    for (const bad of ['', 'x'.repeat(129), 'a b', 'line\nbreak', 'é']) {
      assert.match(next({ headers: { 'x-request-id': bad } }), /^[0-9a-f]{16}-[0-9a-f]{8}$/)
    }
    assert.match(next({ headers: { 'x-request-id': ['a', 'b'] } }), /^[0-9a-f]{16}-[0-9a-f]{8}$/)
  })
})
