import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { createIdcheckClient, IdcheckApiError } from '../../packages/client/src/index.ts'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller, uniqueName } from '../helpers/given.ts'

const server = await startLiveServer()

async function resellerClient () {
  const reseller = await givenReseller(server.app)
  return createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret })
}

const rejectsWith = (status: number, body: unknown) => (err: unknown) => {
  assert.ok(err instanceof IdcheckApiError, String(err))
  assert.equal(err.status, status)
  assert.deepEqual(err.body, body)
  return true
}

describe('@idcheck/client: typed methods', () => {
  it('when a sub-account is created twice with one externalReference, then created is true, then false with the secret masked', async () => {
    const client = await resellerClient()
    const name = uniqueName('Customer')
    const first = await client.accounts.create({ name, enabledServices: [2], externalReference: `crm-${name}` })
    assert.equal(first.created, true)
    assert.notEqual(first.credentials.clientSecret, '***REDACTED***')
    const again = await client.accounts.create({ name, enabledServices: [2], externalReference: `crm-${name}` })
    assert.deepEqual({ created: again.created, id: again.account.id, secret: again.credentials.clientSecret }, { created: false, id: first.account.id, secret: '***REDACTED***' })
    assert.deepEqual((await client.accounts.get(first.account.id)).account.enabledServices.map((s) => s.serviceId), [2])
  })

  it('when the API refuses, then IdcheckApiError carries the status and the body in the spec\'s shape', async () => {
    const client = await resellerClient()
    const name = uniqueName('Customer')
    await client.accounts.create({ name })
    await assert.rejects(client.accounts.create({ name: uniqueName(), enabledServices: [999] }), rejectsWith(400, 'Invalid service ID'))
    await assert.rejects(client.accounts.create({ name }), rejectsWith(409, 'Name is in use by another account'))
    await assert.rejects(client.accounts.get(999_999), rejectsWith(404, undefined))
    const created = await client.cases.create({ urn: 'CASE-1', type: 'Business', entityName: 'Acme Ltd' })
    const body = { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: '66374958' }
    const id = await client.bankAccounts.create(created.id, body)
    await assert.rejects(client.bankAccounts.create(created.id, body), rejectsWith(409, { duplicateId: id }))
    const invalid = await client.bankAccounts.create(created.id, { ...body, sortCode: '08-99-99' }).catch((err: unknown) => err)
    assert.ok(invalid instanceof IdcheckApiError)
    assert.deepEqual(invalid.messages, ['The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces.'])
  })

  it('when every convenience method is used once, then each answers with the typed data', async () => {
    const client = await resellerClient()
    assert.equal(await client.ping(), 'Pong')
    assert.ok((await client.accounts.resellableServices()).some((s) => s.checkType === 'BAV'))
    const sub = await client.accounts.create({ name: uniqueName('Customer') })
    await client.accounts.update(sub.account.id, { enabledServices: [2] })
    assert.notEqual((await client.accounts.resetCredentials(sub.account.id)).clientSecret, sub.credentials.clientSecret)
    const c = await client.cases.create({ urn: 'CASE-2', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 })
    assert.equal((await client.cases.get(c.id)).urn, 'CASE-2')
    assert.equal((await client.cases.list({ limit: 1 }))[0]?.id, c.id)
    const bankAccountId = await client.bankAccounts.create(c.id, { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: '66374958' })
    // One pending check per type and subject: each request waits for the one before to settle, or it is a 409.
    const noPending = async () => { for (let i = 0; i < 100 && (await client.checks.list(c.id)).some((x) => x.status === 'pending'); i++) await new Promise((resolve) => setTimeout(resolve, 100)) }
    await noPending()
    assert.deepEqual(await client.bankAccounts.requestBavCheck(c.id, bankAccountId), { bankAccountId, status: 'queued' })
    await noPending()
    const check = await client.checks.request(c.id, { checkType: 'BAV', bankAccountId })
    assert.deepEqual([check.checkType, check.status, check.subject], ['BAV', 'pending', { type: 'bankAccount', id: bankAccountId }])
    assert.equal((await client.checks.get(c.id, check.id)).id, check.id)
    assert.ok((await client.checks.list(c.id)).some((listed) => listed.id === check.id))
    assert.equal((await client.bankAccounts.list(c.id))[0]?.id, bankAccountId)
    await client.bankAccounts.delete(c.id, bankAccountId)
    assert.deepEqual(await client.bankAccounts.list(c.id), [])
    const hook = await client.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['bank_account.bav_completed'] })
    assert.match(hook.secret, /^whsec_/)
    assert.equal((await client.webhooks.get(hook.id)).url, 'http://127.0.0.1:9/hooks')
    assert.equal((await client.webhooks.list()).length, 1)
    const test = await client.webhooks.sendTest(hook.id)
    assert.equal((await client.webhooks.retryDelivery(hook.id, test.deliveryId)).status, 'queued')
    assert.ok((await client.webhooks.deliveries(hook.id)).length >= 1)
    await client.webhooks.delete(hook.id)
    const { response } = await client.api.GET('/api/webhooks/{id}', { params: { path: { id: hook.id } } })
    assert.equal(response.status, 404)
  })

  it('when a statement is uploaded, read back and deleted through the documents methods, then each answers with the typed data', async () => {
    const client = await resellerClient()
    const c = await client.cases.create({ urn: 'CASE-DOC', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 })
    const bytes = new Uint8Array(await readFile(new URL('../../src/modules/documents/samples/clean-statement.pdf', import.meta.url)))
    const doc = await client.documents.upload(c.id, { documentType: 'BankStatement', file: bytes, fileName: 'march.pdf' })
    assert.deepEqual([doc.fileName, doc.contentType, doc.sizeBytes, doc.pageCount], ['march.pdf', 'application/pdf', bytes.length, 1])
    await assert.rejects(client.documents.upload(c.id, { documentType: 'BankStatement', file: new Blob([bytes]), fileName: 'again.pdf' }), rejectsWith(409, { duplicateId: doc.id }))
    assert.deepEqual((await client.documents.list(c.id)).map((d) => d.id), [doc.id])
    assert.equal((await client.documents.get(c.id, doc.id)).id, doc.id)
    assert.deepEqual(await client.documents.content(c.id, doc.id), bytes)
    await client.documents.delete(c.id, doc.id)
    assert.deepEqual(await client.documents.list(c.id), [])
  })

  it('when a case names a listed person, then its AML hit is read and dismissed through the checks methods', async () => {
    const client = await resellerClient()
    const c = await client.cases.create({ urn: 'CASE-AML', type: 'Person', givenNames: 'Viktor', surname: 'Kaine', dobDay: 1, dobMonth: 1, dobYear: 1990 })
    let aml = (await client.checks.list(c.id)).find((check) => check.checkType === 'AML')!
    for (let i = 0; i < 100 && aml.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      aml = await client.checks.get(c.id, aml.id)
    }
    const result = aml.result as { hits: { id: number, entityId: string }[] }
    assert.deepEqual(result.hits.map((h) => [h.id, h.entityId]), [[1, 'sbx-viktor-kaine']])
    assert.equal(await client.checks.decideHit(c.id, aml.id, 1, 'false_positive'), undefined)
    assert.deepEqual((await client.checks.hitDecisions(c.id)).map((d) => [d.checkId, d.hitId, d.decision]), [[aml.id, 1, 'false_positive']])
    await assert.rejects(client.checks.decideHit(c.id, aml.id, 2, 'false_positive'), (err: Error & { status?: number }) => err.status === 404)
  })
})
