import type { Database } from '../../infra/db/database.ts'
import { type JobContext, JOB_HEARTBEAT_SECONDS, type Queue, type QueueDefinition } from '../../infra/queue/queue.ts'
import type { SecretBox } from '../../infra/security/secret-box.ts'
import type { Clock } from '#shared/clock.ts'
import { nextRetryDelayMs } from './retry-schedule.ts'
import { sendWebhook } from './webhook-sender.ts'
import { signedHeaders } from './webhook-signing.ts'
import * as repo from './webhooks.repository.ts'
import { WEBHOOK_DELIVER_JOB, webhookMessageId } from './webhooks.service.ts'

export interface DeliveryDeps {
  db: Database
  queue: Queue
  clock: Clock
  secrets: SecretBox
  allowPrivateTargets: boolean
  timeoutMs: number
  retryScale: number
  /** Told the outcome of every recorded attempt (metrics). */
  onAttempt?: (outcome: 'succeeded' | 'retrying' | 'failed' | 'gone') => void
}

// pg-boss retries only crashes of the job itself; failed HTTP attempts follow our own schedule below.
export const webhookQueues: QueueDefinition[] = [
  { name: WEBHOOK_DELIVER_JOB, retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, heartbeatSeconds: JOB_HEARTBEAT_SECONDS },
]

const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000

/**
 * One delivery attempt (Standard Webhooks): sign, POST, record, and either finish or schedule the
 * next try. The attempt number is unique per delivery, so a job that runs twice records once.
 */
export function createDeliveryJob (deps: DeliveryDeps) {
  // Each endpoint's signing secret is decrypted once, not on every delivery (a sealed secret
  // names one secret for good: a rotation or re-seal gives a new ciphertext).
  const opened = new Map<string, string>()
  const secretOf = (sealed: string) => {
    let secret = opened.get(sealed)
    if (secret === undefined) {
      if (opened.size >= 1000) opened.clear()
      opened.set(sealed, secret = deps.secrets.open(sealed))
    }
    return secret
  }
  return async function deliver (job: JobContext<{ deliveryId: number }>): Promise<void> {
    const { db, clock } = deps
    const work = await repo.findDeliveryWork(db, job.data.deliveryId)
    if (!work || work.status !== 'pending') return
    if (work.endpointDisabled) {
      await repo.updateDelivery(db, work.id, 'failed', work.attemptCount, null)
      return
    }
    const attemptNumber = work.attemptCount + 1
    const headers = signedHeaders(secretOf(work.secretCiphertext), { msgId: webhookMessageId(work.id), timestamp: new Date(clock.now()), body: work.payload })
    const result = await sendWebhook({ url: work.url, headers, body: work.payload, timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivateTargets })

    const attempt = {
      deliveryId: work.id, attemptNumber, statusCode: result.statusCode, durationMs: result.durationMs,
      error: result.error, responseBody: result.responseBody || null,
    }
    // Most attempts succeed: theirs is one statement, no transaction.
    if (result.ok) {
      if (await repo.recordSuccess(db, attempt)) deps.onAttempt?.('succeeded')
      return
    }
    await db.transaction(async (tx) => {
      const recorded = await repo.insertAttempt(tx, attempt)
      if (recorded === null) return
      const outcome = result.statusCode === 410 ? 'gone' : nextRetryDelayMs(attemptNumber) === null ? 'failed' : 'retrying'
      deps.onAttempt?.(outcome)
      if (result.statusCode === 410) {
        // The receiver says the endpoint is gone for good (Standard Webhooks): stop sending to it.
        await repo.disableEndpoint(tx, work.endpointId, 'receiver answered 410 Gone')
        return repo.updateDelivery(tx, work.id, 'failed', attemptNumber, null)
      }
      const scheduled = nextRetryDelayMs(attemptNumber, { scale: deps.retryScale })
      if (scheduled === null) return repo.updateDelivery(tx, work.id, 'failed', attemptNumber, null)
      const asked = result.retryAfterSeconds === null ? 0 : Math.min(result.retryAfterSeconds * 1000 * deps.retryScale, MAX_RETRY_AFTER_MS)
      const next = new Date(clock.now() + Math.max(scheduled, asked))
      await repo.updateDelivery(tx, work.id, 'pending', attemptNumber, next)
      await deps.queue.enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: work.id }, { startAfter: next })
    })
  }
}
