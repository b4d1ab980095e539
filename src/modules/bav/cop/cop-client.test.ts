import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { describe, it } from 'node:test'
import { startCopStandIn } from '../../../../test/helpers/cop-stand-in.ts'
import { CheckCannotComplete, ProviderUnavailable } from '../../checks/index.ts'
import { askCop } from './cop-client.ts'

const TOKEN = 'secret-cop-token-0123456789'
const cop = await startCopStandIn(TOKEN)
const config = { url: cop.url, token: TOKEN, timeoutMs: 300, providerName: null }
const ask = (name: string, overrides: Partial<typeof config> = {}) =>
  askCop({ ...config, ...overrides }, 'CoP test', { sortCode: '089999', accountNumber: '66374958', name })

/** Everything the pipeline would log of an error (message, stack, cause chain): never the token. */
function assertNoToken (err: unknown): void {
  const seen: string[] = []
  for (let e = err as { message?: string, stack?: string, cause?: unknown } | undefined; e; e = e.cause as typeof e) seen.push(String(e.message), String(e.stack), JSON.stringify(e))
  assert.ok(!seen.join('\n').includes(TOKEN), 'the token is in the error')
}

function expectUnavailable (pattern: RegExp) {
  return (err: unknown) => {
    assert.ok(err instanceof ProviderUnavailable, String(err))
    assert.equal(err.providerName, 'CoP test')
    assert.match(err.message, pattern)
    assertNoToken(err)
    return true
  }
}

describe('the CoP client', () => {
  it('when CoP answers, then the VerificationReport is read', async () => {
    assert.deepEqual(await ask('Jane MATC'), { matched: true, reasonCode: null, name: null })
    assert.deepEqual(await ask('Jane MBAM'), { matched: false, reasonCode: 'MBAM', name: 'Jane A Doe-Smith' })
  })

  it('when CoP does not answer in time, then ProviderUnavailable naming the timeout', async () => {
    cop.script('Jane Slow', ['hang'])
    await assert.rejects(ask('Jane Slow'), expectUnavailable(/^Confirmation of Payee did not answer within 300 ms \(x-fapi-interaction-id [0-9a-f-]{36}\)$/))
  })

  it('when nothing listens at BAV_COP_URL, then ProviderUnavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise((resolve) => closed.close(resolve))
    await assert.rejects(ask('Jane MATC', { url: `http://127.0.0.1:${port}` }), expectUnavailable(/^Confirmation of Payee could not be reached: /))
  })

  for (const status of [500, 502, 503, 429, 408]) {
    it(`when CoP answers ${status}, then ProviderUnavailable`, async () => {
      cop.script(`Jane S${status}`, [{ status }])
      await assert.rejects(ask(`Jane S${status}`), expectUnavailable(new RegExp(`^Confirmation of Payee answered HTTP ${status} `)))
    })
  }

  for (const [what, name, overrides] of [['400', 'Jane 400', {}], ['a wrong token (401)', 'Jane MATC', { token: 'wrong' }], ['an unknown path (404)', 'Jane MATC', { url: cop.url + '/v9' }]] as const) {
    it(`when CoP refuses the request with ${what}, then CheckCannotComplete`, async () => {
      await assert.rejects(ask(name, overrides), (err) => {
        assert.ok(err instanceof CheckCannotComplete, String(err))
        assert.match(err.message, /^The Confirmation of Payee service refused the request \(HTTP 40[014]\)/)
        assertNoToken(err)
        return true
      })
    })
  }

  it('when CoP answers 200 with no VerificationReport or no JSON, then CheckCannotComplete', async () => {
    cop.script('Jane Empty', [{ status: 200, body: { Data: {} } }])
    cop.script('Jane NoMatched', [{ status: 200, body: { Data: { VerificationReport: { ReasonCode: 'ANNM' } } } }])
    for (const name of ['Jane GARBLED', 'Jane Empty', 'Jane NoMatched']) {
      await assert.rejects(ask(name), (err) => err instanceof CheckCannotComplete && /could not be read/.test(err.message), name)
    }
  })

  for (const declared of [false, true]) {
    it(`when CoP answers 300 MB (${declared ? 'with' : 'without'} a Content-Length), then CheckCannotComplete after reading at most the cap`, async () => {
      const name = `Jane Huge${declared ? 'Declared' : 'Chunked'}`
      cop.script(name, [{ hugeBytes: 300 * 1024 * 1024, declared }])
      const before = cop.hugeBytesSent()
      const heapBefore = process.memoryUsage().arrayBuffers
      await assert.rejects(ask(name, { timeoutMs: 10_000 }), (err) => {
        assert.ok(err instanceof CheckCannotComplete, String(err))
        assert.match(err.message, /^The Confirmation of Payee service sent an answer larger than 64 KB, so the account holder could not be checked \(x-fapi-interaction-id [0-9a-f-]{36}\)\.$/)
        return true
      })
      // The stand-in stops when idcheck hangs up: far less than 300 MB crossed the socket (send buffers aside).
      assert.ok(cop.hugeBytesSent() - before < 16 * 1024 * 1024, `${cop.hugeBytesSent() - before} bytes sent`)
      assert.ok(process.memoryUsage().arrayBuffers - heapBefore < 32 * 1024 * 1024)
    })
  }

  it('when CoP names the holder with 5 MB, then the name is kept to 140 characters and the reason code to 16', async () => {
    const huge = 'A'.repeat(5 * 1024 * 1024)
    cop.script('Jane LongName', [{ status: 200, body: { Data: { VerificationReport: { Matched: false, ReasonCode: 'MBAM', Name: huge } } } }])
    cop.script('Jane LongCode', [{ status: 200, body: { Data: { VerificationReport: { Matched: false, ReasonCode: 'X'.repeat(1000) } } } }])
    // 5 MB takes a while to cross a busy machine's loopback: the 300 ms default is for the small answers.
    await assert.rejects(ask('Jane LongName', { timeoutMs: 10_000 }), (err) => err instanceof CheckCannotComplete && /larger than 64 KB/.test(err.message))
    const name = 'N'.repeat(10_000)
    cop.script('Jane LongButSmall', [{ status: 200, body: { Data: { VerificationReport: { Matched: false, ReasonCode: 'MBAM', Name: name } } } }])
    assert.deepEqual(await ask('Jane LongButSmall'), { matched: false, reasonCode: 'MBAM', name: 'N'.repeat(140) })
    assert.deepEqual(await ask('Jane LongCode'), { matched: false, reasonCode: 'X'.repeat(16), name: null })
  })
})
