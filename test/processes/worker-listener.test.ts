import assert from 'node:assert/strict'
import { it } from 'node:test'
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'
import {
  call, deploymentEnv, givenFreshDatabase, givenResellerByCli, randomizeAccountIds, runCli, startApi, startWorker, tokenFor,
} from './deployment-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// `idcheck worker` with WORKER_PORT: its health probes and /metrics on a port of its own, and nothing of the API.
// A separate worker makes the webhook deliveries, so only its /metrics can count them.
const skip = process.env.DATABASE_URL && process.env.REDIS_URL
  ? false
  : 'needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL): embedded mode runs its workers inside the API process'

/** The value of one sample, by metric name and exact label set as Prometheus prints it; undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}
const SUCCEEDED = 'idcheck_webhook_delivery_attempts_total{outcome="succeeded"}'

describeUnless(skip, 'idcheck worker with WORKER_PORT', { timeout: 300_000 }, () => {
  it('when it is set, then the worker serves its health probes and /metrics there, counts its deliveries, and serves no API route', async (t) => {
    const databaseUrl = await givenFreshDatabase(t, 'idcheck_worker_port')
    const env = deploymentEnv({ DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL!, RUN_WORKERS: 'false' })
    await runCli(env, ['migrate'])
    await randomizeAccountIds(databaseUrl)
    const reseller = await givenResellerByCli(env)
    const [api, worker, silent] = await Promise.all([startApi(env, { hooks: t }), startWorker({ ...env, WORKER_PORT: '0' }, { hooks: t }), startWorker(env, { hooks: t })])
    assert.ok(worker.base, `the worker says where it listens:\n${worker.output()}`)
    assert.notEqual(worker.base, api.base)
    assert.equal(silent.base, null, 'without WORKER_PORT a worker listens nowhere')
    await silent.kill() // the worker with the listener makes every delivery below

    for (const path of ['/health/live', '/health/ready']) {
      const res = await call(worker.base, 'GET', path, null)
      assert.equal(res.status, 200, `${path}: ${res.text}`)
      assert.deepEqual(res.json, { status: 'ok' })
    }
    const token = await tokenFor(api.base, reseller)
    for (const [method, path] of [['GET', '/api/Ping'], ['POST', '/api/authenticate'], ['GET', '/docs/json']]) {
      const res = await call(worker.base, method!, path!, token)
      assert.equal(res.status, 404, `${method} ${path} on the worker: ${res.text}`)
    }

    const receiver = await startWebhookReceiver()
    t.after(() => receiver.close())
    const webhook = await call(api.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
    assert.equal(webhook.status, 201, webhook.text)
    const sent = await call(api.base, 'POST', `/api/webhooks/${webhook.json.id}/test`, token)
    assert.equal(sent.status, 202, sent.text)
    await receiver.waitFor((r) => r.length === 1, 30_000, 'the test event')

    const text = await waitUntil(async () => {
      const res = await call(worker.base!, 'GET', '/metrics', null)
      assert.equal(res.status, 200, res.text)
      return sample(res.text, SUCCEEDED) !== undefined ? res.text : undefined
    }, 10_000, 'the worker to report its delivery')
    assert.equal(sample(text, SUCCEEDED), 1)
    assert.match(text, /^# TYPE idcheck_webhook_delivery_attempts_total counter$/m)
    assert.match(text, /^# TYPE idcheck_job_queue_depth gauge$/m)
    const apiMetrics = await call(api.base, 'GET', '/metrics', null)
    assert.equal(sample(apiMetrics.text, SUCCEEDED), undefined, 'the API process made no delivery')
  })
})
