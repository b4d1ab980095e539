import type { Queryable } from '../../infra/db/database.ts'
import type { Clock } from '#shared/clock.ts'
import type { CheckTypeName } from './check-type.ts'
import { TooManyChecks } from './checks.errors.ts'
import * as repo from './checks-admission.repository.ts'

export interface AdmissionLimits { inFlightPerAccount: number, ocrPagesPerHour: number }

/** What a request would start: the checks' types and, for OCR-reading types, the pages to read. */
export interface Need { checkTypes: readonly CheckTypeName[], ocrPages?: number }

const HOUR_SECONDS = 3600
/** Checks mostly settle within seconds; a client told to wait this long finds room most times. */
const IN_FLIGHT_RETRY_SECONDS = 10

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * Per-account admission: checks in flight and OCR pages per hour. An account with nothing pending
 * (or nothing read this hour) is always admitted once, so a limit below one request's size
 * delays that account's work instead of refusing it forever.
 */
export function createAdmission (limits: AdmissionLimits, clock: Clock, ocrTypes: readonly CheckTypeName[]) {
  const ocrTypeNames = ocrTypes.length > 1 ? `${ocrTypes.slice(0, -1).join(', ')} and ${ocrTypes.at(-1)}` : ocrTypes.join('')
  return async function assertRoomFor (q: Queryable, accountId: number, need: Need): Promise<void> {
    if (need.checkTypes.length === 0) return
    const pending = await repo.pendingCount(q, accountId)
    if (pending > 0 && pending + need.checkTypes.length > limits.inFlightPerAccount) {
      throw new TooManyChecks(`This account has ${plural(pending, 'check')} in flight and may have at most ${limits.inFlightPerAccount} at once; retry after ${IN_FLIGHT_RETRY_SECONDS} seconds, as they complete.`, IN_FLIGHT_RETRY_SECONDS)
    }
    const pages = need.checkTypes.some((t) => ocrTypes.includes(t)) ? need.ocrPages ?? 0 : 0
    if (pages === 0) return
    const used = await repo.ocrPagesSince(q, accountId, new Date(clock.now() - HOUR_SECONDS * 1000))
    if (used.pages > 0 && used.pages + pages > limits.ocrPagesPerHour) {
      const wait = Math.max(1, used.freeInSeconds)
      throw new TooManyChecks(`This account has sent ${plural(used.pages, 'document page')} to be read (${ocrTypeNames}) in the past hour; ${pages} more would pass its limit of ${limits.ocrPagesPerHour} pages per hour. Retry after ${plural(wait, 'second')}.`, wait)
    }
  }
}

export { lockAccount } from './checks-admission.repository.ts'
