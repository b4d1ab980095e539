import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { requestIdOf } from './request-id.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('when the client sends none, then each id is a new random UUID', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => requestIdOf({ headers: {} })))
    assert.equal(ids.size, 10_000)
    for (const id of [...ids].slice(0, 100)) assert.match(id, UUID)
  })

  it('when the client sends a plausible x-request-id, then it is kept; otherwise it is replaced', () => {
    assert.equal(requestIdOf({ headers: { 'x-request-id': 'order-42:retry.1' } }), 'order-42:retry.1')
    assert.equal(requestIdOf({ headers: { 'x-request-id': 'x'.repeat(128) } }), 'x'.repeat(128))
    for (const bad of ['', 'x'.repeat(129), 'a b', 'line\nbreak', 'é']) {
      assert.match(requestIdOf({ headers: { 'x-request-id': bad } }), UUID)
    }
    assert.match(requestIdOf({ headers: { 'x-request-id': ['a', 'b'] } }), UUID)
  })
})
