import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helpers/build-test-app.ts'
import { givenReseller } from '../helpers/given.ts'
import { givenBankAccount, givenCase, givenWebhook, sandboxPairs } from '../helpers/webhook-fixtures.ts'
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'
import type { App } from '../../src/app.ts'

// GET /metrics: Prometheus text for request counts and latency per route, job queue depth and age,
// webhook outcomes and rate-limit rejections; loopback-only without METRICS_TOKEN, bearer-only with it.
const { app } = await buildTestApp()
const metricsToken = randomBytes(24).toString('base64url')
// No workers here, so a queued BAV check stays queued and shows in the queue gauges.
const { app: guarded } = await buildTestApp({ metricsToken, runWorkers: false })

const scrape = (target: App, options: { remoteAddress?: string, headers?: Record<string, string> } = {}) =>
  target.inject({ method: 'GET', url: '/metrics', ...options })

async function metricsText (target: App, headers: Record<string, string> = {}): Promise<string> {
  const res = await scrape(target, { headers })
  assert.equal(res.statusCode, 200, res.body)
  return res.body
}

/** The value of one sample, by metric name and exact label set as Prometheus prints it; undefined when absent. */
function sample (text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('when scraped from loopback, then 200 Prometheus text with request counts and latency for a route that was called', async () => {
    const reseller = await givenReseller(app)
    for (let i = 0; i < 3; i++) assert.equal((await app.inject({ method: 'GET', url: '/api/Ping', headers: reseller.auth })).statusCode, 200)

    const res = await scrape(app)
    assert.equal(res.statusCode, 200, res.body)
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4; charset=utf-8$/)
    assert.match(res.body, /^# HELP idcheck_http_requests_total /m)
    assert.match(res.body, /^# TYPE idcheck_http_requests_total counter$/m)
    assert.ok((sample(res.body, 'idcheck_http_requests_total{method="GET",route="/api/Ping",status="200"}') ?? 0) >= 3, res.body)
    assert.match(res.body, /^# TYPE idcheck_http_request_duration_seconds histogram$/m)
    assert.ok((sample(res.body, 'idcheck_http_request_duration_seconds_count{method="GET",route="/api/Ping"}') ?? 0) >= 3)
    assert.match(res.body, /^idcheck_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/Ping"\} \d+$/m)
    // Cumulative buckets: never decreasing, the last (+Inf) equal to the count, the sum positive.
    const buckets = [...res.body.matchAll(/^idcheck_http_request_duration_seconds_bucket\{le="([^"]+)",method="GET",route="\/api\/Ping"\} (\d+)$/gm)].map((m) => Number(m[2]))
    assert.equal(buckets.length, 12)
    assert.deepEqual(buckets, [...buckets].sort((a, b) => a - b))
    assert.equal(buckets.at(-1), sample(res.body, 'idcheck_http_request_duration_seconds_count{method="GET",route="/api/Ping"}'))
    assert.ok((sample(res.body, 'idcheck_http_request_duration_seconds_sum{method="GET",route="/api/Ping"}') ?? 0) > 0)
    assert.match(res.body, /^# TYPE idcheck_job_queue_depth gauge$/m)
    assert.match(res.body, /^# TYPE idcheck_job_queue_oldest_seconds gauge$/m)
    assert.match(res.body, /^idcheck_process_cpu_seconds_total \d/m, 'process metrics, prefixed')
  })

  it('when requests match no route, then they are counted under route="unmatched" by method and status, with their latency', async () => {
    const before = await metricsText(app)
    const count = (text: string, series: string) => sample(text, series) ?? 0
    for (const url of ['/api/nothing-here', '/api/nothing/else']) assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404)
    assert.equal((await app.inject({ method: 'DELETE', url: '/api/nothing-here' })).statusCode, 404)
    const after = await metricsText(app)
    assert.equal(count(after, 'idcheck_http_requests_total{method="GET",route="unmatched",status="404"}') - count(before, 'idcheck_http_requests_total{method="GET",route="unmatched",status="404"}'), 2)
    assert.equal(count(after, 'idcheck_http_requests_total{method="DELETE",route="unmatched",status="404"}') - count(before, 'idcheck_http_requests_total{method="DELETE",route="unmatched",status="404"}'), 1)
    assert.equal(count(after, 'idcheck_http_request_duration_seconds_count{method="GET",route="unmatched"}') - count(before, 'idcheck_http_request_duration_seconds_count{method="GET",route="unmatched"}'), 2)
  })

  it('when a client exceeds its rate limit, then idcheck_rate_limit_rejections_total counts each 429', async () => {
    const before = sample(await metricsText(app), 'idcheck_rate_limit_rejections_total') ?? 0
    const reseller = await givenReseller(app)
    const responses = await Promise.all(Array.from({ length: 17 }, () => app.inject({ method: 'GET', url: '/api/Ping', headers: reseller.auth })))
    const rejected = responses.filter((r) => r.statusCode === 429).length
    assert.equal(rejected, 2)

    const text = await metricsText(app)
    assert.equal(sample(text, 'idcheck_rate_limit_rejections_total'), before + rejected)
    assert.ok((sample(text, 'idcheck_http_requests_total{method="GET",route="/api/Ping",status="429"}') ?? 0) >= rejected)
  })

  it('when a webhook is delivered, then idcheck_webhook_delivery_attempts_total counts it by outcome', async (t) => {
    const reseller = await givenReseller(app)
    const receiver = await startWebhookReceiver()
    t.after(() => receiver.close())
    const webhook = await givenWebhook(app, reseller, receiver.url)
    const sent = await app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: reseller.auth })
    assert.equal(sent.statusCode, 202, sent.body)
    await receiver.waitFor((r) => r.length === 1, 10_000)

    const text = await waitUntil(async () => {
      const t = await metricsText(app)
      return (sample(t, 'idcheck_webhook_delivery_attempts_total{outcome="succeeded"}') ?? 0) >= 1 ? t : undefined
    }, 10_000, 'the delivery to be counted')
    assert.match(text, /^# TYPE idcheck_webhook_delivery_attempts_total counter$/m)
  })

  it('when a BAV check waits in the queue, then idcheck_job_queue_depth and idcheck_job_queue_oldest_seconds show it', async () => {
    const reseller = await givenReseller(guarded)
    const caseId = await givenCase(guarded, reseller)
    await givenBankAccount(guarded, reseller, caseId, sandboxPairs.low)

    const text = await metricsText(guarded, { authorization: `Bearer ${metricsToken}` })
    assert.equal(sample(text, 'idcheck_job_queue_depth{queue="bav.check"}'), 1, text)
    assert.ok((sample(text, 'idcheck_job_queue_oldest_seconds{queue="bav.check"}') ?? -1) >= 0)
  })

  it('when no METRICS_TOKEN is set and the client is not on loopback, then 403, even with X-Forwarded-For: 127.0.0.1', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Array<Record<string, string>>) {
      const res = await scrape(app, { remoteAddress: '10.1.2.3', headers })
      assert.equal(res.statusCode, 403, res.body)
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
      assert.doesNotMatch(res.body, /idcheck_/)
    }
    assert.equal((await scrape(app, { remoteAddress: '::1' })).statusCode, 200)
  })

  it('when METRICS_TOKEN is set, then 403 without it or with a wrong one (loopback too) and 200 with Authorization: Bearer <token>', async () => {
    assert.equal((await scrape(guarded)).statusCode, 403)
    assert.equal((await scrape(guarded, { headers: { authorization: 'Bearer wrong' } })).statusCode, 403)
    assert.equal((await scrape(guarded, { headers: { authorization: `Bearer ${metricsToken}x` } })).statusCode, 403)
    const res = await scrape(guarded, { remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${metricsToken}` } })
    assert.equal(res.statusCode, 200, res.body)
    assert.match(res.body, /^# TYPE idcheck_http_requests_total counter$/m)
  })
})
