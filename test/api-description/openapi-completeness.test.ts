import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp } from '../helpers/build-test-app.ts'
import { bankAccountBody, givenBankAccount, givenCase } from '../helpers/given-cases.ts'
import { givenReseller, givenSubAccount, uniqueName } from '../helpers/given.ts'

// The bar for the API description: every operation has a summary, a description, request
// and response examples, every error of the API contract with its exact shape, the bearer scheme and the
// api-version parameter. The second half checks the description against real answers.

const { app } = await buildTestApp()

interface Media { schema?: Record<string, unknown>, example?: unknown, examples?: Record<string, { value: unknown }> }
interface Response { description: string, content?: Record<string, Media>, headers?: Record<string, unknown> }
interface Operation {
  operationId?: string, summary?: string, description?: string, security?: Record<string, string[]>[]
  parameters?: { name: string, in: string }[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, Response>
}
interface Document { paths: Record<string, Record<string, Operation>>, components: { schemas: Record<string, Record<string, unknown>>, securitySchemes: Record<string, unknown> } }

const doc: Document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
const authenticated = operations.filter(({ op }) => op.security?.some((s) => 'bearerAuth' in s))

const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema({ $id: 'https://idcheck.test/openapi.json', components: doc.components })
const validatorFor = (schema: Record<string, unknown>) =>
  ajv.compile({ ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://idcheck.test/openapi.json#/components/')) })

describe('the API description is complete', () => {
  it('when read, then every operation has an operationId, a summary and a description', () => {
    assert.ok(operations.length >= 24, `${operations.length} operations`)
    for (const { method, path, op } of operations) {
      for (const field of ['operationId', 'summary', 'description'] as const) assert.ok(op[field], `${method} ${path} has no ${field}`)
    }
  })

  it('when read, then every request body and every response body has an example', () => {
    for (const { method, path, op } of operations) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        assert.ok(media.example !== undefined || media.examples, `${method} ${path} request ${type} has no example`)
      }
      for (const [status, response] of Object.entries(op.responses)) {
        assert.ok(response.description && response.description !== 'Default Response', `${method} ${path} ${status} has no description`)
        for (const [type, media] of Object.entries(response.content ?? {})) {
          assert.ok(media.example !== undefined || media.examples, `${method} ${path} ${status} ${type} has no example`)
        }
      }
    }
  })

  it('when read, then every operation takes the api-version query parameter and documents its 400', () => {
    for (const { method, path, op } of operations) {
      assert.ok(op.parameters?.some((p) => p.name === 'api-version' && p.in === 'query'), `${method} ${path} has no api-version parameter`)
      assert.ok(op.responses['400'], `${method} ${path} does not document 400`)
    }
  })

  it('when read, then the bearer scheme is declared and every authenticated operation documents 401, 429, 500 and 503 as problem details', () => {
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The accessToken from POST /api/authenticate, valid for 3600 seconds',
    })
    assert.ok(authenticated.length >= 20)
    for (const { method, path, op } of authenticated) {
      for (const status of ['401', '429', '500', '503']) {
        assert.deepEqual(Object.keys(op.responses[status]?.content ?? {}), ['application/problem+json'], `${method} ${path} ${status}`)
      }
      assert.ok(op.responses['401']!.headers?.['WWW-Authenticate'], `${method} ${path} 401 lacks WWW-Authenticate`)
      assert.ok(op.responses['429']!.headers?.['Retry-After'], `${method} ${path} 429 lacks Retry-After`)
    }
  })

  it('when read, then the the API contract bodies are there: bare JSON strings, duplicateId, the PascalCase dictionary and empty 404s', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!
    const json = (o: Operation, status: string) => JSON.stringify(o.responses[status]?.content?.['application/json'])
    for (const o of [op('post', '/api/accounts'), op('patch', '/api/accounts/{id}')]) {
      assert.match(json(o, '400'), /"Invalid service ID"/)
      assert.match(json(o, '409'), /"Name is in use by another account"/)
    }
    assert.match(JSON.stringify(op('post', '/api/accounts').responses['403']), /Insufficient Permissions.*Only resellers can create accounts/)
    assert.match(json(op('post', '/api/authenticate'), '400'), /FieldErrors.*"ClientId":\["The ClientId field is required."\]/)
    assert.match(json(op('post', '/api/cases/{caseId}/bank-accounts'), '409'), /DuplicateBankAccount.*"duplicateId":5/)
    assert.match(json(op('post', '/api/cases/{caseId}/bank-accounts'), '400'), /ErrorList/)
    for (const [method, path] of [['get', '/api/accounts/{id}'], ['patch', '/api/accounts/{id}'], ['post', '/api/accounts/{id}/reset-credentials'], ['delete', '/api/cases/{caseId}/bank-accounts/{id}']] as const) {
      assert.equal(op(method, path).responses['404']?.content, undefined, `${method} ${path} 404 must have no body`)
    }
  })
})

/** Asserts that a real answer is one the description gives: its status, its media type and its body's shape. */
function assertDocumented (method: string, path: string, res: LightMyRequestResponse): void {
  const op = doc.paths[path]?.[method.toLowerCase()]
  assert.ok(op, `${method} ${path} is not documented`)
  const response = op.responses[String(res.statusCode)]
  assert.ok(response, `${method} ${path} answered ${res.statusCode}, which is not documented: ${res.body}`)
  if (res.body === '') {
    assert.equal(response.content, undefined, `${method} ${path} ${res.statusCode} documents a body but none came`)
    return
  }
  const type = String(res.headers['content-type']).split(';')[0]!
  const media = response.content?.[type]
  assert.ok(media?.schema, `${method} ${path} ${res.statusCode} came as ${type}, documented as ${Object.keys(response.content ?? {}).join(', ')}`)
  if (type === 'text/plain') return
  const validate = validatorFor(media.schema)
  assert.ok(validate(res.json()), `${method} ${path} ${res.statusCode} body ${res.body} does not match: ${ajv.errorsText(validate.errors)}`)
}

describe('real answers match the API description', () => {
  it('when authenticate is called without fields, with a wrong secret, or right, then each answer is documented', async () => {
    const reseller = await givenReseller(app)
    for (const payload of [{}, { clientId: reseller.clientId, clientSecret: 'wrong' }, { clientId: reseller.clientId, clientSecret: reseller.clientSecret }]) {
      assertDocumented('POST', '/api/authenticate', await app.inject({ method: 'POST', url: '/api/authenticate', payload }))
    }
  })

  it('when Ping is called without a token, with a bad api-version and right, then each answer is documented', async () => {
    const reseller = await givenReseller(app)
    for (const [url, headers] of [['/api/Ping', {}], ['/api/Ping?api-version=2.0', reseller.auth], ['/api/Ping?api-version=1.0', reseller.auth]] as const) {
      assertDocumented('GET', '/api/Ping', await app.inject({ method: 'GET', url, headers }))
    }
  })

  it('when accounts are created, refused and looked up, then each answer is documented', async () => {
    const reseller = await givenReseller(app)
    const name = uniqueName('Customer')
    const post = (payload: object, auth = reseller.auth) => app.inject({ method: 'POST', url: '/api/accounts', headers: auth, payload })
    const created = await post({ name, externalReference: `ref-${name}` })
    assert.equal(created.statusCode, 201)
    assertDocumented('POST', '/api/accounts', created)
    assertDocumented('POST', '/api/accounts', await post({ name, externalReference: `ref-${name}` })) // 200, existing
    assertDocumented('POST', '/api/accounts', await post({ name: uniqueName(), enabledServices: [999] })) // 400 "Invalid service ID"
    assertDocumented('POST', '/api/accounts', await post({ name: ' ' })) // 400 errors
    assertDocumented('POST', '/api/accounts', await post({ name })) // 409
    const sub = await givenSubAccount(app, reseller)
    assertDocumented('POST', '/api/accounts', await post({ name: uniqueName() }, sub.auth)) // 403
    const id = created.json().account.id
    assertDocumented('GET', '/api/accounts', await app.inject({ method: 'GET', url: '/api/accounts', headers: reseller.auth }))
    assertDocumented('GET', '/api/accounts/{id}', await app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: reseller.auth }))
    assertDocumented('GET', '/api/accounts/{id}', await app.inject({ method: 'GET', url: '/api/accounts/999999', headers: reseller.auth }))
    assertDocumented('PATCH', '/api/accounts/{id}', await app.inject({ method: 'PATCH', url: `/api/accounts/${id}`, headers: reseller.auth, payload: { enabledServices: [999] } }))
    assertDocumented('PATCH', '/api/accounts/{id}', await app.inject({ method: 'PATCH', url: `/api/accounts/${sub.id}`, headers: reseller.auth, payload: { name } }))
    assertDocumented('PATCH', '/api/accounts/{id}', await app.inject({ method: 'PATCH', url: `/api/accounts/${id}`, headers: reseller.auth, payload: { enabledServices: [] } }))
    assertDocumented('POST', '/api/accounts/{id}/reset-credentials', await app.inject({ method: 'POST', url: `/api/accounts/${id}/reset-credentials`, headers: reseller.auth }))
    assertDocumented('GET', '/api/services/resellable', await app.inject({ method: 'GET', url: '/api/services/resellable', headers: reseller.auth }))
  })

  it('when cases and bank accounts are created, duplicated, listed and deleted, then each answer is documented', async () => {
    const reseller = await givenReseller(app)
    const caseId = await givenCase(app, reseller)
    const url = `/api/cases/${caseId}/bank-accounts`
    assertDocumented('POST', '/api/cases', await app.inject({ method: 'POST', url: '/api/cases', headers: reseller.auth, payload: { urn: 'X', type: 'Person', givenNames: 'A', surname: 'B', dobDay: 31, dobMonth: 2, dobYear: 1990 } }))
    assertDocumented('GET', '/api/cases/{caseId}', await app.inject({ method: 'GET', url: `/api/cases/${caseId}`, headers: reseller.auth }))
    assertDocumented('GET', '/api/cases', await app.inject({ method: 'GET', url: '/api/cases', headers: reseller.auth }))
    const id = await givenBankAccount(app, reseller, caseId)
    assertDocumented('POST', '/api/cases/{caseId}/bank-accounts', await app.inject({ method: 'POST', url, headers: reseller.auth, payload: bankAccountBody() })) // 409
    assertDocumented('POST', '/api/cases/{caseId}/bank-accounts', await app.inject({ method: 'POST', url, headers: reseller.auth, payload: bankAccountBody({ sortCode: '08-99-99' }) }))
    assertDocumented('GET', '/api/cases/{caseId}/bank-accounts', await app.inject({ method: 'GET', url, headers: reseller.auth }))
    assertDocumented('POST', '/api/cases/{caseId}/bank-accounts/{id}/bav-checks', await app.inject({ method: 'POST', url: `${url}/${id}/bav-checks`, headers: reseller.auth }))
    assertDocumented('DELETE', '/api/cases/{caseId}/bank-accounts/{id}', await app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: reseller.auth }))
    assertDocumented('DELETE', '/api/cases/{caseId}/bank-accounts/{id}', await app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: reseller.auth })) // 404
  })

  it('when the rate limit is exceeded, then the 429 is documented', async () => {
    const reseller = await givenReseller(app)
    await app.services.accounts.setRateLimit(reseller.id, 1)
    let res = await app.inject({ method: 'GET', url: '/api/services/resellable', headers: reseller.auth })
    for (let i = 0; i < 5 && res.statusCode !== 429; i++) res = await app.inject({ method: 'GET', url: '/api/services/resellable', headers: reseller.auth })
    assert.equal(res.statusCode, 429)
    assertDocumented('GET', '/api/services/resellable', res)
  })
})
