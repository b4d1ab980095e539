import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, it } from 'node:test'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller } from '../helpers/given.ts'

const server = await startLiveServer()
const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/full-flow.ts')

describe('examples/full-flow.ts', () => {
  it('when run against a live server with a reseller\'s credentials, then it walks the flow to a verified BAV webhook', async () => {
    const reseller = await givenReseller(server.app)
    const { stdout } = await promisify(execFile)(process.execPath, [EXAMPLE], {
      env: { ...process.env, BASE_URL: server.url, CLIENT_ID: reseller.clientId, CLIENT_SECRET: reseller.clientSecret, WEBHOOK_TIMEOUT_MS: '20000' },
      timeout: 60_000,
    })
    assert.match(stdout, /created sub-account \d+/)
    assert.match(stdout, /authenticated as the sub-account: Pong/)
    assert.match(stdout, /registered webhook \d+ → http:\/\/127\.0\.0\.1:\d+\/idcheck-webhooks/)
    assert.match(stdout, /webhook msg_\d+ bank_account\.bav_completed: signature verified/)
    assert.match(stdout, /BAV result for bank account \d+: riskRating 1 Low \(Sandbox Albion Bank\)/)
    assert.match(stdout, /latestBavAttempt riskRating Low/)
  })
})
