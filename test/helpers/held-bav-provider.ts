import { setTimeout as sleep } from 'node:timers/promises'
import type { BavProvider, BavSubject } from '../../src/modules/bav/index.ts'
import { createSandboxBavProvider } from '../../src/modules/bav/index.ts'

/**
 * The sandbox BAV provider, except that answers for `heldAccountNumber` wait until the test releases
 * them. Every call is recorded, in the order the provider was asked.
 */
export function createSandboxBavProviderForTests (heldAccountNumber: string) {
  const sandbox = createSandboxBavProvider()
  const waiting: (() => void)[] = []
  const calls: BavSubject[] = []
  const provider: BavProvider = {
    name: sandbox.name,
    async run (subject) {
      calls.push(subject)
      if (subject.accountNumber === heldAccountNumber) await new Promise<void>((resolve) => waiting.push(resolve))
      return sandbox.run(subject)
    },
  }
  return {
    provider,
    calls,
    waiting: () => waiting.length,
    releaseAll: () => { for (const release of waiting.splice(0)) release() },
    /** Lets the most recent waiting call answer, the others still wait. */
    releaseLast: () => waiting.pop()?.(),
  }
}

/** The sandbox BAV provider answering `delayMs` late (a slow bank), with its calls counted per bank account. */
export function createSlowSandboxBavProviderForTests (delayMs: number) {
  const sandbox = createSandboxBavProvider()
  const calls: BavSubject[] = []
  const provider: BavProvider = {
    name: sandbox.name,
    async run (subject) {
      calls.push(subject)
      await sleep(delayMs)
      return sandbox.run(subject)
    },
  }
  return { provider, callsFor: (bankAccountId: number) => calls.filter((c) => c.id === bankAccountId).length }
}
