import type { BavProvider } from '../../src/modules/bav/index.ts'
import { bavProviderFor } from '../../src/modules/bav/index.ts'

/** The sandbox BAV provider, except that answers for `heldAccountNumber` wait until the test releases them. */
export function createSandboxBavProviderForTests (heldAccountNumber: string) {
  const sandbox = bavProviderFor('sandbox').provider!
  const waiting: (() => void)[] = []
  const provider: BavProvider = {
    name: sandbox.name,
    async run (subject) {
      if (subject.accountNumber === heldAccountNumber) await new Promise<void>((resolve) => waiting.push(resolve))
      return sandbox.run(subject)
    },
  }
  return {
    provider,
    waiting: () => waiting.length,
    releaseAll: () => { for (const release of waiting.splice(0)) release() },
  }
}
