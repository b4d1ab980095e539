import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'

const { app } = await buildTestApp()

describe('health probes', () => {
  for (const url of ['/health/live', '/health/ready']) {
    it(`when ${url} is called without a token, then 200 {"status":"ok"}`, async () => {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, res.body)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      assert.deepEqual(res.json(), { status: 'ok' })
    })

    it(`when ${url} is called with a broken Authorization header, then it still answers 200`, async () => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer broken' } })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(res.json(), { status: 'ok' })
    })
  }
})
