import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import newman, { type NewmanRunOptions, type NewmanRunSummary } from 'newman'
import { givenReseller } from '../helpers/given.ts'
import { startLiveServer } from '../helpers/live-server.ts'

const server = await startLiveServer()
// The collection's upload sends clean-statement.pdf from newman's working directory, as the quickstart has it.
const inSamples = { workingDir: fileURLToPath(new URL('../../src/modules/documents/samples/', import.meta.url)) } as Partial<NewmanRunOptions> // newman's types lack workingDir
const runCollection = promisify<NewmanRunOptions, NewmanRunSummary>(newman.run)

interface Variable { key: string, value: string }
interface Collection { variable: Variable[], item: unknown[] }

async function getCollection (): Promise<Collection> {
  const res = await fetch(`${server.url}/postman.json`)
  assert.equal(res.status, 200)
  return await res.json() as Collection
}

function withCredentials (collection: Collection, clientId: string, clientSecret: string): Collection {
  const values: Record<string, string> = { clientId, clientSecret }
  return { ...collection, variable: collection.variable.map((v) => v.key in values ? { ...v, value: values[v.key]! } : v) }
}

/** Every operation of the OpenAPI document, by the summary that names its request in the collection. */
async function operationSummaries (): Promise<string[]> {
  const doc = await (await fetch(`${server.url}/openapi.json`)).json() as { paths: Record<string, Record<string, { summary: string }>> }
  return Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.summary))
}

describe('GET /postman.json run by newman against a live server', () => {
  it('when fetched, then baseUrl is the serving origin and no request carries a placeholder from the converter', async () => {
    const collection = await getCollection()
    assert.equal(collection.variable.find((v) => v.key === 'baseUrl')?.value, server.url)
    for (const key of ['clientId', 'clientSecret']) assert.ok(collection.variable.some((v) => v.key === key), `variable ${key} missing`)
    // The requests themselves, not the documented example responses that come with them.
    const requests = JSON.stringify(collection.item, (key, value) => key === 'response' ? undefined : value)
    assert.match(requests, /\{\{accountId\}\}/)
    assert.doesNotMatch(requests, /<(integer|string|number|boolean|long|token)>/)
    assert.doesNotMatch(requests, /"value":"\d{6,}"/, 'a path variable kept a random example instead of a stored id')
  })

  it('when run in order with a reseller\'s credentials, then every request runs and every status check passes', async () => {
    const reseller = await givenReseller(server.app)
    await server.app.services.accounts.setRateLimit(reseller.id, 1000) // newman sends as fast as it can
    const summary = await runCollection({ collection: withCredentials(await getCollection(), reseller.clientId, reseller.clientSecret), reporters: [], timeoutRequest: 10_000, ...inSamples })

    const failures = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`)
    assert.deepEqual(failures, [])
    const ran = summary.run.executions.map((e) => `${e.request.method} ${e.request.url.toString()} → ${e.response?.code}`)
    assert.equal(summary.run.stats.requests.failed, 0, ran.join('\n'))
    assert.equal(summary.run.stats.assertions.failed, 0)

    const expected = await operationSummaries()
    // newman also lists the pre-request step's token request under the first request that needed it.
    assert.deepEqual([...new Set(summary.run.executions.map((e) => e.item.name))].sort(), [...expected].sort(), 'every operation ran')
    assert.equal(summary.run.stats.assertions.total, expected.length, 'each request ran once, with its status assertion')
    for (const e of summary.run.executions) {
      assert.ok(e.response && e.response.code >= 200 && e.response.code < 300, `${e.item.name}: ${e.response?.code} ${e.response?.text()}`)
      assert.doesNotMatch(e.request.url.toString(), /\{\{|\/:[a-zA-Z]/, `${e.item.name} ran with an unresolved variable`)
    }
  })

  it('when run, then the ids stored by earlier requests are the ones later requests use', async () => {
    const reseller = await givenReseller(server.app)
    await server.app.services.accounts.setRateLimit(reseller.id, 1000)
    const summary = await runCollection({ collection: withCredentials(await getCollection(), reseller.clientId, reseller.clientSecret), reporters: [], ...inSamples })
    const byName = new Map(summary.run.executions.map((e) => [e.item.name, e]))
    const created = JSON.parse(byName.get('Create a sub-account')!.response!.text())
    assert.match(byName.get('Get a sub-account')!.request.url.toString(), new RegExp(`/api/accounts/${created.account.id}\\?`))
    const caseId = JSON.parse(byName.get('Create a case')!.response!.text()).id
    const bankAccountId = JSON.parse(byName.get('Add a bank account to a case')!.response!.text())
    assert.match(byName.get('Delete a bank account')!.request.url.toString(), new RegExp(`/api/cases/${caseId}/bank-accounts/${bankAccountId}\\?`))
    // The sub-account was made by this run, under this reseller, with a name of its own.
    const mine = await server.app.inject({ method: 'GET', url: `/api/accounts/${created.account.id}`, headers: reseller.auth })
    assert.equal(mine.statusCode, 200)
  })

  it('when the credentials are wrong, then the run reports the failed authentication instead of passing', async () => {
    const summary = await runCollection({ collection: withCredentials(await getCollection(), 'nobody', 'wrong'), reporters: [] })
    assert.ok(summary.run.failures.length > 0)
  })
})
