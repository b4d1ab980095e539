import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { App } from '../../src/app.ts'

export interface GivenClient {
  id: number
  clientId: string
  clientSecret: string
  token: string
  auth: { authorization: string }
}

export function uniqueName (prefix = 'Account'): string {
  return `${prefix} ${randomBytes(5).toString('hex')}`
}

/** A reseller made the way an operator makes one (the CLI's service call), with a token. */
export async function givenReseller (app: App, options: { services?: number[] | 'all', name?: string } = {}): Promise<GivenClient> {
  const created = await app.services.accounts.createReseller({ name: options.name ?? uniqueName('Reseller'), serviceIds: options.services ?? 'all' })
  const token = await givenToken(app, created.clientId, created.clientSecret)
  return { id: created.id, clientId: created.clientId, clientSecret: created.clientSecret, token, auth: { authorization: `Bearer ${token}` } }
}

/** A sub-account created by a reseller through the Accounts API, with a token of its own. */
export async function givenSubAccount (app: App, reseller: GivenClient, body: Record<string, unknown> = {}): Promise<GivenClient> {
  const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: reseller.auth, payload: { name: uniqueName('Customer'), ...body } })
  assert.equal(res.statusCode, 201, res.body)
  const { account, credentials } = res.json()
  const token = await givenToken(app, credentials.clientId, credentials.clientSecret)
  return { id: account.id, clientId: credentials.clientId, clientSecret: credentials.clientSecret, token, auth: { authorization: `Bearer ${token}` } }
}

export async function givenToken (app: App, clientId: string, clientSecret: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { clientId, clientSecret } })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().accessToken
}
