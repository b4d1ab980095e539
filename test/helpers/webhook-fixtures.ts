import assert from 'node:assert/strict'
import { after } from 'node:test'
import { Webhook } from 'standardwebhooks'
import type { App } from '../../src/app.ts'
import type { Config } from '../../src/config/config.ts'
import { connectDatabase } from '../../src/infra/db/connect.ts'
import type { Database } from '../../src/infra/db/database.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import type { GivenClient } from './given.ts'
import { testConfig } from './test-config.ts'
import { type ReceivedRequest, waitUntil } from './webhook-receiver.ts'

/**
 * A test app whose database connection the test also holds, so it can look at what is stored
 * (a secret never in clear) or plant rows the API refuses to make (a loopback endpoint in production).
 */
export async function buildTestAppWithDb (configOverrides: Partial<Config> = {}): Promise<TestApp & { db: Database }> {
  const config = testConfig(configOverrides)
  const connection = await connectDatabase(config)
  const built = await buildTestApp(config, { connection })
  after(() => connection.db.close()) // registered after buildTestApp's own hook, so it runs once the app is closed
  return { ...built, db: connection.db }
}

/** Sandbox pairs (docs/sandbox.md) and what the sandbox provider answers for each. */
export const sandboxPairs = {
  low: { sortCode: '089999', accountNumber: '66374958', bankName: 'Sandbox Albion Bank', riskRating: { id: 1, name: 'Low' } },
  medium: { sortCode: '107999', accountNumber: '88837491', bankName: 'Sandbox Pennine Building Society', riskRating: { id: 2, name: 'Medium' } },
  high: { sortCode: '202959', accountNumber: '63748472', bankName: 'Sandbox Thames Savings Bank', riskRating: { id: 3, name: 'High' } },
  modulusFail: { sortCode: '938063', accountNumber: '15763217', bankName: 'Sandbox Caledonian Bank', riskRating: { id: 3, name: 'High' } },
  notCovered: { sortCode: '000000', accountNumber: '12345678', bankName: null, riskRating: { id: 2, name: 'Medium' } },
} as const

export type SandboxPair = (typeof sandboxPairs)[keyof typeof sandboxPairs]

export async function givenCase (app: App, client: GivenClient, urn = 'CUST-0001'): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/cases', headers: client.auth, payload: { urn, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 } })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().id
}

export async function givenBankAccount (app: App, client: GivenClient, caseId: number, pair: { sortCode: string, accountNumber: string }): Promise<number> {
  const res = await app.inject({
    method: 'POST', url: `/api/cases/${caseId}/bank-accounts`, headers: client.auth,
    payload: { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: pair.sortCode, accountNumber: pair.accountNumber },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

export interface GivenWebhook { id: number, url: string, events: string[], createdAt: string, secret: string }

export async function givenWebhook (app: App, client: GivenClient, url: string, events: string[] = ['bank_account.bav_completed']): Promise<GivenWebhook> {
  const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers: client.auth, payload: { url, events } })
  assert.equal(res.statusCode, 201, res.body)
  return res.json()
}

export interface DeliveryAttemptView { attemptNumber: number, statusCode: number | null, durationMs: number, error: string | null, responseBody: string | null, createdAt: string }
export interface DeliveryView {
  id: number, webhookId: string, eventId: number, eventType: string, status: string, attemptCount: number, nextAttemptAt: string | null, createdAt: string, attempts: DeliveryAttemptView[]
}

export async function deliveriesOf (app: App, client: GivenClient, webhookId: number): Promise<DeliveryView[]> {
  const res = await app.inject({ method: 'GET', url: `/api/webhooks/${webhookId}/deliveries`, headers: client.auth })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

/** Polls the delivery log until `predicate` holds for it. */
export function waitForDeliveries (app: App, client: GivenClient, webhookId: number, predicate: (deliveries: DeliveryView[]) => boolean, timeoutMs: number, what = 'the delivery log to match'): Promise<DeliveryView[]> {
  return waitUntil(async () => {
    const deliveries = await deliveriesOf(app, client, webhookId)
    return predicate(deliveries) ? deliveries : undefined
  }, timeoutMs, what)
}

/** Checks a received request the way an integrator must: the standardwebhooks library's own verify. */
export function verifySignature (secret: string, request: ReceivedRequest): unknown {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value
  return new Webhook(secret).verify(request.body, headers)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
