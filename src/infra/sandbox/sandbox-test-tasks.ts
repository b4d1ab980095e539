// Tasks for sandbox-pool.test.ts: each misbehaves the way a hostile file makes a parser misbehave.
import { setTimeout as sleep } from 'node:timers/promises'

class NotAPdf extends Error {
  readonly detail: string
  constructor (detail: string) {
    super(`Not a PDF: ${detail}`)
    this.name = 'NotAPdf'
    this.detail = detail
  }
}

const held: Buffer[] = []

export const tasks = {
  echo: (input: { label: string, bytes?: Uint8Array }) => ({ label: input.label, pid: process.pid, length: input.bytes?.length ?? 0 }),
  wait: async (input: { label: string, ms: number }) => { await sleep(input.ms); return { label: input.label, pid: process.pid } },
  /** ArrayBuffers outside the V8 heap, as a decompression bomb makes them. */
  allocateBuffers: (input: { mb: number }) => {
    for (let i = 0; i < input.mb / 64; i++) held.push(Buffer.alloc(64 * 1024 * 1024, 1))
    return held.length
  },
  /** Objects on the V8 heap, as an object table sized by a lying header makes them. */
  growHeap: () => {
    const rows: unknown[] = []
    for (;;) rows.push(new Array(1_000_000).fill(rows.length + 0.5))
  },
  spin: () => { for (;;) { /* a parser stuck in a loop */ } },
  crash: () => process.kill(process.pid, 'SIGSEGV'),
  refuse: (input: { detail: string }) => { throw new NotAPdf(input.detail) },
}

export { NotAPdf }
