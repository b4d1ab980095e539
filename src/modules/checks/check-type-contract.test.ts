import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { CHECK_TYPES } from '../../check-types.ts'
import type { CheckTypeDefinition } from './check-type.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { echoCalls, echoCheckType } from '../../../test/helpers/echo-check-type.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// The pipeline's contract, as every registered check type and a sixth one added in this test
// (test/helpers/echo-check-type.ts) keep it: triggered by its subject, run once, one event, the
// same answer when its job runs again; retried, failed and refused as it declares.
type Check = { id: number, checkType: string, status: string, subject: { type: string, id: number }, result: unknown, failureReason: string | null, riskRating: unknown }
type App = Awaited<ReturnType<typeof buildTestApp>>['app']

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 }, { extraCheckTypes: [echoCheckType] })
const owner: GivenClient = await givenReseller(app)
const receiver: WebhookReceiver = await startWebhookReceiver()
after(() => receiver.close())
await givenWebhook(app, owner, receiver.url, ['check.completed', 'check.failed'])

const sample = async (path: string) => new Uint8Array(await readFile(new URL(path, import.meta.url)))

async function upload (caseId: number, documentType: string, fileName: string, bytes: Uint8Array, contentType: string): Promise<number> {
  const body = await multipartBody({ documentType, file: { bytes, fileName, contentType } })
  const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...owner.auth, 'content-type': body.contentType }, payload: body.payload })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().id
}

/** How to add, for each check type, a subject its trigger takes: a table row per type. */
const SUBJECTS: Record<string, (app: App) => Promise<{ caseId: number, subjectId: number }>> = {
  BAV: async () => { const caseId = await givenCase(app, owner); return { caseId, subjectId: await givenBankAccount(app, owner, caseId) } },
  AML: async () => { const caseId = await givenCase(app, owner); return { caseId, subjectId: caseId } },
  KYC: async () => {
    const caseId = await givenCase(app, owner)
    return { caseId, subjectId: await upload(caseId, 'Passport', 'passport.png', await sample('../kyc/samples/passport-match.png'), 'image/png') }
  },
  DocumentExtraction: async () => {
    const caseId = await givenCase(app, owner)
    return { caseId, subjectId: await upload(caseId, 'BankStatement', 'statement.pdf', await sample('../documents/samples/clean-statement.pdf'), 'application/pdf') }
  },
  DocumentRisk: async () => {
    const caseId = await givenCase(app, owner)
    return { caseId, subjectId: await upload(caseId, 'BankStatement', 'statement.pdf', await sample('../documents/samples/clean-statement.pdf'), 'application/pdf') }
  },
  Echo: async () => { const caseId = await givenCase(app, owner, { urn: 'echo-me' }); return { caseId, subjectId: caseId } },
}

const checksOf = async (caseId: number): Promise<Check[]> =>
  (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: owner.auth })).json()
const settled = (caseId: number, name: string, subjectId: number) => eventually(
  async () => (await checksOf(caseId)).filter((c) => c.checkType === name && c.subject.id === subjectId),
  (checks) => checks.length > 0 && checks.every((c) => c.status !== 'pending'), { timeoutMs: 60_000, what: `the ${name} check settled` })
const eventsOf = (checkId: number) =>
  receiver.requests.map((r) => JSON.parse(r.body)).filter((e) => e.data?.check?.id === checkId).map((e) => e.type)

describe('every registered check type keeps the pipeline\'s contract', () => {
  it('registers each type once, with its own name, catalogue service and queue', () => {
    const all: CheckTypeDefinition[] = [...CHECK_TYPES, echoCheckType]
    const keys: ((t: CheckTypeDefinition) => string | number)[] = [(t) => t.name, (t) => t.service.id, (t) => t.service.code, (t) => t.queue(app.config).name]
    for (const key of keys) assert.equal(new Set(all.map(key)).size, all.length)
    assert.deepEqual(Object.keys(SUBJECTS).sort(), all.map((t) => t.name).sort(), 'each type has a row in this table')
  })

  it('lists each type in the catalogue and the API description, from the registered list', async () => {
    const services = (await app.inject({ method: 'GET', url: '/api/services/resellable', headers: owner.auth })).json() as { serviceId: number, checkType: string }[]
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const check = doc.components.schemas.Check
    for (const type of [...CHECK_TYPES, echoCheckType]) {
      assert.ok(services.some((s) => s.serviceId === type.service.id && s.checkType === type.service.name), `${type.name}'s service is offered`)
      assert.ok(check.properties.checkType.anyOf.some((t: { enum: string[] }) => t.enum.includes(type.name)), `${type.name} is a checkType of Check`)
      assert.ok(doc.components.schemas[(type.resultSchema as { $id: string }).$id], `${type.name}'s result schema is described`)
    }
  })

  for (const type of [...CHECK_TYPES, echoCheckType]) {
    it(`${type.name}: triggered by its subject, run once with one event, and the same answer when its job runs again`, async () => {
      const { caseId, subjectId } = await SUBJECTS[type.name]!(app)
      const [check] = await settled(caseId, type.name, subjectId)
      assert.equal(check!.subject.type, type.subjectType)
      const event = check!.status === 'completed' ? 'check.completed' : 'check.failed'
      await eventually(async () => eventsOf(check!.id), (events) => events.length > 0, { what: `the ${type.name} event` })

      await app.services.checks.run({ id: 'again', data: { checkId: check!.id }, retryCount: 0 })

      const [again] = await settled(caseId, type.name, subjectId)
      assert.deepEqual(again, check, 'the re-run changed nothing')
      assert.deepEqual(eventsOf(check!.id), [event], 'one event')
    })
  }
})

describe('a check type declares its retries, failures and refusals (the sixth type)', () => {
  it('when the provider is unavailable once, then the job is retried and the check completes, the provider asked twice', async () => {
    const caseId = await givenCase(app, owner, { urn: 'flaky-1' })
    const [check] = await settled(caseId, 'Echo', caseId)
    assert.equal(check!.status, 'completed')
    assert.deepEqual(check!.result, { echoed: 'flaky-1' })
    assert.equal(echoCalls.get(caseId), 2)
  })

  it('when the provider stays unavailable past the retry limit, then the check fails once saying to try later', async () => {
    const caseId = await givenCase(app, owner, { urn: 'down-1' })
    const [check] = await settled(caseId, 'Echo', caseId)
    assert.equal(check!.status, 'failed')
    assert.equal(check!.failureReason, 'The Echo provider was unavailable; request a new check later.')
    assert.ok(echoCalls.get(caseId)! >= 2, `asked again before failing (${echoCalls.get(caseId)} calls)`)
    await eventually(async () => eventsOf(check!.id), (events) => events.length > 0, { what: 'check.failed' })
    assert.deepEqual(eventsOf(check!.id), ['check.failed'])
  })

  it('when the subject cannot be checked, then the check fails at once with the provider\'s sentence, not retried', async () => {
    const caseId = await givenCase(app, owner, { urn: 'fail-1' })
    const [check] = await settled(caseId, 'Echo', caseId)
    assert.equal(check!.status, 'failed')
    assert.equal(check!.failureReason, 'The echo cannot be made: the URN asks it to fail.')
    assert.equal(echoCalls.get(caseId), 1)
  })

  it('when its trigger does not take the subject, then no check is made, and a request is a 400 with its refusal', async () => {
    const caseId = await givenCase(app, owner, { urn: 'echo-business', type: 'Business', entityName: 'Echo Ltd', givenNames: undefined, surname: undefined, dobDay: undefined, dobMonth: undefined, dobYear: undefined })
    assert.deepEqual((await checksOf(caseId)).filter((c) => c.checkType === 'Echo'), [])
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: owner.auth, payload: { checkType: 'Echo' } })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), { errors: [`Echo reads a person's case; case ${caseId} is a Business.`] })
  })
})
