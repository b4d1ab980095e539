import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { App } from '../../src/app.ts'
import type { GivenClient } from './given.ts'

/** A Person case made through POST /api/cases; its id. */
export async function givenCase (app: App, caller: GivenClient, body: Record<string, unknown> = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST', url: '/api/cases', headers: caller.auth,
    payload: { urn: `CASE-${randomBytes(4).toString('hex')}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987, ...body },
  })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().id
}

/** A valid bank account body (the sandbox's Low pair unless overridden). */
export function bankAccountBody (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe', sortCode: '089999', accountNumber: '66374958', ...overrides }
}

/** A bank account made through POST /api/cases/{caseId}/bank-accounts; its id. */
export async function givenBankAccount (app: App, caller: GivenClient, caseId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth, payload: bankAccountBody(overrides) })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}
