import type { api as apiOf } from './api.ts'
import type { LoadResult } from './load.ts'
import { startWebhookTimer } from './webhook-timer.ts'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Latency from POST bank-account to the signed bank_account.bav_completed webhook arriving, for
 * `total` creates from `concurrency` clients. `awaitWebhook`: each client waits for its webhook
 * before its next create (the latency of the pipeline with that many checks in flight); otherwise
 * the clients create as fast as they can, so the figure includes the backlog the burst builds up
 * and the rate is how fast checks are created.
 */
export async function bavEndToEnd (client: ReturnType<typeof apiOf>, total: number, concurrency: number, awaitWebhook: boolean): Promise<LoadResult> {
  const timer = await startWebhookTimer()
  let endpointId: number | undefined
  try {
    endpointId = (await client.call('POST', '/api/webhooks', { url: timer.url, events: ['bank_account.bav_completed'] }) as { id: number }).id
    const caseId = await client.createCase(`bench-e2e-${awaitWebhook ? 'loop' : 'burst'}`)
    const sentAt = new Map<number, number>()
    let next = 0
    const started = performance.now()
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next++
        const t = performance.now()
        const id = await client.createBankAccount(caseId, 500000 + n)
        sentAt.set(id, t)
        if (awaitWebhook) await Promise.race([timer.arrival(id), sleep(30_000)])
      }
    }))
    for (let i = 0; i < 600 && timer.arrivals.size < total; i++) await sleep(100)
    const latencies = [...sentAt].map(([id, t]) => (timer.arrivals.get(id) ?? Number.NaN) - t).filter(Number.isFinite).sort((a, b) => a - b)
    const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN)
    return {
      rps: Math.round(total / ((performance.now() - started) / 1000)),
      p50: pct(0.5),
      p99: pct(0.99),
      requests: total,
      non2xx: 0,
      errors: total - latencies.length,
    }
  } finally {
    // Gone with its receiver: deliveries to a closed port would keep the queue busy with retries.
    if (endpointId !== undefined) await client.call('DELETE', `/api/webhooks/${endpointId}`)
    await timer.close()
  }
}
