import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../infra/db/database.ts'
import * as repo from './checks.repository.ts'

export interface Lease {
  /** Stops renewing (the run is over). */
  stop (): void
  /** Stops renewing and hands the check back at once (the job will retry it). */
  release (): Promise<void>
}

/**
 * A runner's claim on a check while its provider works: renewed every third of its length, so it
 * lapses about `leaseSeconds` after the runner's process dies or stalls, and only then may another
 * runner call the provider. Returns the seconds left on another runner's claim when there is one,
 * or 'settled' when the check is pending no more.
 */
export async function claimCheck (q: Queryable, checkId: number, leaseSeconds: number, onLost: () => void): Promise<Lease | 'settled' | number> {
  const token = randomUUID()
  const claimed = await repo.claim(q, checkId, token, leaseSeconds)
  if (claimed !== 'claimed') return claimed
  let stopped = false
  const renew = async () => {
    const kept = await repo.renewClaim(q, checkId, token, leaseSeconds).catch(() => true) // an unreachable database: try again next time
    if (!kept && !stopped) {
      stop()
      onLost()
    }
  }
  const timer = setInterval(() => { void renew() }, leaseSeconds * 1000 / 3)
  const stop = () => {
    stopped = true
    clearInterval(timer)
  }
  return {
    stop,
    async release () {
      stop()
      await repo.releaseClaim(q, checkId, token).catch(() => {}) // unreleased, it lapses on its own
    },
  }
}
