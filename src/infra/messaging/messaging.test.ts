import assert from 'node:assert/strict'
import { fork } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, it, type TestContext } from 'node:test'
import { type Caller, createCaller } from './messaging-caller.ts'
import { childProcessEndpoint, type Endpoint, workerEndpoint } from './messaging-endpoints.ts'
import { rebuildError } from './messaging-wire.ts'
import type { PeerCall } from '../../../test/fixtures/sandbox/messaging-test-peer.ts'

const PEER = new URL('../../../test/fixtures/sandbox/messaging-test-peer.ts', import.meta.url)

class PeerGone extends Error {}
class Refused extends Error { declare detail: string }

/** A caller over the peer, and the notices the peer sent; the peer is stopped when the test ends. */
function givenPeer (t: TestContext, kind: 'thread' | 'process'): { peer: Caller<PeerCall>, notices: unknown[] } {
  let endpoint: Endpoint
  if (kind === 'thread') {
    const worker = new Worker(PEER)
    t.after(() => worker.terminate())
    endpoint = workerEndpoint(worker)
  } else {
    const child = fork(fileURLToPath(PEER), { serialization: 'advanced', execArgv: ['--disable-warning=ExperimentalWarning'] })
    t.after(() => { child.kill('SIGKILL') })
    endpoint = childProcessEndpoint(child)
  }
  const notices: unknown[] = []
  const peer = createCaller<PeerCall>(endpoint, {
    rebuildError: (error) => rebuildError(error, { Refused }),
    errorWhenGone: ({ code, signal }) => new PeerGone(`the peer left (code ${code}, signal ${signal})`),
    onNotice: (notice) => notices.push(notice),
  })
  return { peer, notices }
}

for (const kind of ['thread', 'process'] as const) {
  describe(`calls to a ${kind}`, () => {
    it('when several calls are in flight, then each gets its own answer (one never answered holds up none), and notices go apart', async (t) => {
      const { peer, notices } = givenPeer(t, kind)
      const hanging = peer.call({ op: 'hang' })
      const answers = await Promise.all([1, 2, 3].map((n) => peer.call({ op: 'echo', value: { n } })))
      assert.deepEqual(answers, [{ n: 1 }, { n: 2 }, { n: 3 }])
      assert.deepEqual(notices, [{ notice: 'ready' }])
      assert.equal(peer.inFlight, 1)
      void hanging.catch(() => {})
    })

    it('when the other side throws, then the caller gets the same class with its fields', async (t) => {
      const { peer } = givenPeer(t, kind)
      await assert.rejects(peer.call({ op: 'refuse', value: 'no header' }), (error: Error) =>
        error instanceof Refused && error.message === 'Refused: no header' && error.detail === 'no header')
    })

    it('when the other side ends with calls in flight, then they fail with the owner\'s error, and so does every later call', async (t) => {
      const { peer } = givenPeer(t, kind)
      const hanging = peer.call({ op: 'hang' })
      const exiting = peer.call({ op: 'exit' })
      await assert.rejects(hanging, (error: Error) => error instanceof PeerGone && error.message === 'the peer left (code 3, signal null)')
      await assert.rejects(exiting, PeerGone)
      await assert.rejects(peer.call({ op: 'echo', value: 1 }), PeerGone)
      assert.equal(peer.inFlight, 0)
    })

    it('when the owner ends the calls, then a call in flight fails with its error though its answer comes after, and so does every later call', async (t) => {
      const { peer } = givenPeer(t, kind)
      const answered = peer.call({ op: 'echo', value: 1 })
      peer.end(new Error('closed by its owner'))
      await assert.rejects(answered, { message: 'closed by its owner' })
      await sleep(100) // the echo's answer arrives meanwhile, and is dropped
      await assert.rejects(peer.call({ op: 'echo', value: 1 }), { message: 'closed by its owner' })
      assert.equal(peer.inFlight, 0)
    })
  })
}

describe('transfer lists (threads)', () => {
  it('when bytes are sent with a transfer list, then they move instead of being copied, both ways', async (t) => {
    const { peer } = givenPeer(t, 'thread')
    const bytes = new Uint8Array(1_000_000).fill(9)
    assert.deepEqual(await peer.call({ op: 'echo', value: bytes }, [bytes.buffer]), { length: 1_000_000, first: 9 })
    assert.equal(bytes.byteLength, 0, 'the caller\'s copy was moved away')
    const answered = await peer.call<Uint8Array>({ op: 'bytes' })
    assert.deepEqual([answered.length, answered[0]], [1_000_000, 7])
    assert.equal(await peer.call({ op: 'lastBytesLength' }), 0, 'the answering side\'s copy was moved away')
  })
})

describe('an error that cannot be sent whole (a process)', () => {
  it('when an error holds a function, then it arrives with its name and message and without its fields', async (t) => {
    const { peer } = givenPeer(t, 'process')
    await assert.rejects(peer.call({ op: 'unsendableError' }), (error: Error & { code?: string }) =>
      error.name === 'Error' && error.message === 'It holds a function' && error.code === undefined)
  })
})
