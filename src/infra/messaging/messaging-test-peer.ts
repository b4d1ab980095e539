// The other side for messaging.test.ts, run as a worker thread or as a forked process: it answers
// calls that succeed, fail, carry bytes, never end, or end it.
import { isMainThread } from 'node:worker_threads'
import { answerCalls } from './messaging-answerer.ts'
import { parentProcessEndpoint, parentThreadEndpoint } from './messaging-endpoints.ts'

export interface PeerCall { op: 'echo' | 'refuse' | 'unsendableError' | 'bytes' | 'lastBytesLength' | 'hang' | 'exit', value?: unknown }

/** Rebuilt on the caller's side as its own class of this name. */
class Refused extends Error {
  readonly detail: string
  constructor (detail: string) {
    super(`Refused: ${detail}`)
    this.name = 'Refused'
    this.detail = detail
  }
}

const parent = isMainThread ? parentProcessEndpoint() : parentThreadEndpoint()
let lastBytes: Uint8Array | null = null

answerCalls<PeerCall>(parent, (call) => {
  switch (call.op) {
    case 'echo': return call.value instanceof Uint8Array ? { length: call.value.length, first: call.value[0] } : call.value
    case 'refuse': throw new Refused(String(call.value))
    case 'unsendableError': throw Object.assign(new Error('It holds a function'), { code: 'E_FN', retry: () => {} })
    case 'bytes': return (lastBytes = new Uint8Array(1_000_000).fill(7))
    case 'lastBytesLength': return lastBytes?.byteLength
    case 'hang': return new Promise(() => {})
    case 'exit': process.exit(3)
  }
}, { transferOf: (value) => value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [] })

parent.send({ notice: 'ready' })
