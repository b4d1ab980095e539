import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { createHmac } from 'node:crypto'
import type { App } from '../../src/app.ts'
import { buildTestApp } from '../helpers/build-test-app.ts'
import { bankAccountBody, givenBankAccount, givenCase } from '../helpers/given-cases.ts'
import { givenReseller, givenSubAccount, uniqueName } from '../helpers/given.ts'
import { SKIP_UNLESS_FAULTS } from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// 5,000 generated malformed requests over every route of /openapi.json (3d): wrong types,
// huge strings, deep nesting, bad JSON, bad ids, bad headers, bad query strings. None may answer 5xx,
// and the service must still be healthy afterwards. The seed is fixed and printed: FUZZ_SEED=<n>
// reruns another sequence, FUZZ_RUNS=<n> changes the count.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000)

interface Operation { method: string, path: string, operationId: string, hasBody: boolean, example: unknown }

interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string | string[]>
  payload: string | Buffer | undefined
  label: string
}

/** Every operation of the API description, with the example of its request body when it has one. */
async function operationsOf (app: App): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const ops: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const media = op.requestBody?.content?.['application/json']
      const example = media?.example ?? (Object.values(media?.examples ?? {}) as { value?: unknown }[])[0]?.value ?? media?.schema?.examples?.[0]
      ops.push({ method: method.toUpperCase(), path, operationId: op.operationId, hasBody: Boolean(op.requestBody), example })
    }
  }
  return ops
}

const HUGE = 100_000

/** A value of the wrong type, or of the right type but absurd. */
const wrongValue = (): fc.Arbitrary<unknown> => fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE, 1.5),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'null', 'true', '1', '-1', '1e999', '0x10', "'; DROP TABLE accounts; --", '<script>', '../../etc/passwd', '%00', '\u202e', '😀'.repeat(50)),
  fc.constantFrom('x'.repeat(HUGE), '9'.repeat(HUGE), 'é'.repeat(HUGE / 2), 'x'.repeat(60_000)),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.constantFrom([], {}, [null], [1, 2, 3], Array.from({ length: 1000 }, (_, i) => i), { a: 1 }),
  fc.object({ maxDepth: 2 }),
  fc.integer({ min: 2, max: 1000 }).map((depth) => deepArray(depth)),
  fc.integer({ min: 2, max: 1000 }).map((depth) => deepObject(depth)),
)

function deepArray (depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

function deepObject (depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

/** A body as text: a mutated valid body, random JSON, broken JSON, deep nesting, huge, or raw bytes. */
function bodyArbitrary (base: Record<string, unknown>): fc.Arbitrary<string | Buffer | undefined> {
  const keys = [...Object.keys(base), '__proto__', 'constructor', 'id', 'extra']
  const mutated = fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(wrongValue(), fc.constant(undefined))), { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = { ...base }
    for (const [key, value] of changes) {
      if (value === undefined) delete body[key]
      else Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true })
    }
    return JSON.stringify(body)
  })
  // Right type, awkward content: a string field with a control, surrogate or other odd character in it.
  const stringKeys = Object.keys(base).filter((key) => typeof base[key] === 'string')
  const oddCharacter = fc.constantFrom('\u0000', '\u0001', '\ud800', '\udfff', '\u202e', '\ufeff', '\uffff', '\u{10ffff}', '😀', '\u0085', '\u2028', 'é', '\\', '"', "'", '%', '${x}', '<b>', '\r\n', '\t')
  const oddStrings = stringKeys.length === 0 ? mutated : fc.tuple(fc.constantFrom(...stringKeys), fc.oneof(
    fc.tuple(oddCharacter, fc.nat()).map(([c, at]) => (s: string) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1))),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((replacement) => () => replacement),
  )).map(([key, change]) => JSON.stringify({ ...base, [key]: change(base[key] as string) }))
  const nestedText = fc.integer({ min: 1, max: 1000 }).chain((depth) => fc.constantFrom(
    '['.repeat(depth) + ']'.repeat(depth),
    '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    '['.repeat(depth), // never closed
    JSON.stringify({ ...base, name: deepObject(depth) }),
  ))
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 6, arbitrary: oddStrings },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'undefined') },
    {
      weight: 3,
      arbitrary: fc.constantFrom('{', '}', '{"a":', '[1,2', '{"a":1,}', 'NaN', "{'a':1}", '\ufeff{}', '{"a":1}garbage', 'nul', '"unterminated',
        '{"__proto__":{"isReseller":true}}', '{"constructor":{"prototype":{"x":1}}}', '1e999999', '-', '', ' ', '\n\n', '{"a":"\\ud800"}', '{"a":"\\u0000"}',
        '{"name":"\\uDEAD"}', '[]', 'null', '0', '"text"', 'true', '{"a":1,"a":2}', '{"":""}', '\u0000'),
    },
    { weight: 2, arbitrary: nestedText },
    { weight: 1, arbitrary: fc.constantFrom(JSON.stringify({ ...base, name: 'x'.repeat(HUGE) }), JSON.stringify({ ...base, urn: 'y'.repeat(60_000) }), 'x'.repeat(HUGE), '[' + '1,'.repeat(30_000) + '1]') },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  )
}

const BAD_IDS = ['0', '-1', '2147483647', '2147483648', '99999999999999999999999', '1e3', '1.5', '0x10', '+1', '%201', '1%20', 'abc', '%00', '%ZZ', '%', '%2F', '..', '%2e%2e',
  'null', 'undefined', 'NaN', 'Infinity', '-0', '00001', '%EF%BC%91', '1;DROP%20TABLE%20cases', '1\'', '[1]', '{}', '%F0%9F%98%80', '9'.repeat(5000)]

function idArbitrary (known: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.map(String)) },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS) },
    { weight: 2, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 33 }).map(String) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  )
}

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc.constantFrom('api-version=1.0', 'api-version=1', 'api-version=2.0', 'api-version=', 'api-version=1.0&api-version=1.0', 'api-version=1&api-version=2',
      'api-version[]=1', 'api-version[a]=1', 'api-version=%ZZ', 'api-version=' + 'x'.repeat(HUGE), 'limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'limit=1e2', 'limit=1&limit=2',
      'limit=', 'before=0', 'before=-5', 'before=99999999999999', 'before=abc', 'before=1.5', 'before[]=1', 'limit=5&before=1', '__proto__=1', '__proto__[x]=1',
      'constructor[prototype][x]=1', 'toString=1', 'hasOwnProperty=1', '%', '%%', '&&&', '=', '==', '?', 'a=%E0%A4%A', '&api-version=1.0&', 'a'.repeat(HUGE) + '=1'),
  },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }).map((q) => new URLSearchParams(q).toString()) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/[#\s]/g, '')) },
)

const CONTENT_TYPES = [undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;charset=', 'application/problem+json', 'application/vnd.api+json', '*/*', 'application/',
  '', ';;;', 'application/json, text/plain', 'APPLICATION/JSON', 'application/xml', 'application/octet-stream', 'application/json; boundary=x; charset=utf-8; q=0.5',
  'text/html', 'application/json; charset="utf-8"', 'application/json ; charset = utf-8']

/** Printable header text (a header value may not hold control characters: no client could send it). */
const headerText = (maxLength: number) => fc.string({ maxLength }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x'))

describeUnless(SKIP_UNLESS_FAULTS, 'fuzz: malformed requests over every route', () => {
  it(`${RUNS} generated malformed requests answer no 5xx, and the service stays healthy (seed ${SEED})`, { timeout: 900_000 }, async (t) => {
    // No workers: nothing the fuzz creates (a webhook to a generated URL, a BAV check) is ever run.
    const { app, config } = await buildTestApp({ rateLimitPerSecond: 1_000_000, runWorkers: false })
    const reseller = await givenReseller(app)
    const customer = await givenSubAccount(app, reseller)
    const caseId = await givenCase(app, reseller)
    const bankAccountId = await givenBankAccount(app, reseller, caseId)
    const webhook = await app.inject({ method: 'POST', url: '/api/webhooks', headers: reseller.auth, payload: { url: 'http://127.0.0.1:9/fuzz', events: ['bank_account.bav_completed'] } })
    assert.equal(webhook.statusCode, 201, webhook.body)
    const webhookId = webhook.json().id as number
    const test = await app.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/test`, headers: reseller.auth })
    assert.equal(test.statusCode, 202, test.body)
    const deliveryId = test.json().deliveryId as number

    const ops = await operationsOf(app)
    assert.ok(ops.length >= 20, `only ${ops.length} operations in /openapi.json`)
    const extraRoutes: Operation[] = ['/openapi.json', '/postman.json', '/metrics', '/docs', '/health/live']
      .map((path) => ({ method: 'GET', path, operationId: path, hasBody: false, example: undefined }))

    // Valid bodies, which the generator breaks: written here for today's operations; an operation added
    // later starts from the example of its body in the API description.
    const bases: Record<string, Record<string, unknown>> = {
      authenticate: { clientId: reseller.clientId, clientSecret: reseller.clientSecret },
      createAccount: { name: uniqueName('Fuzz'), enabledServices: [1, 2], externalReference: 'fuzz-1' },
      updateAccount: { name: uniqueName('Fuzz'), enabledServices: [1] },
      createCase: { urn: 'FUZZ-1', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 },
      createBankAccount: bankAccountBody({ accountNumber: '12345678' }),
      createWebhook: { url: 'http://127.0.0.1:9/fuzz', events: ['bank_account.bav_completed'] },
      // A multipart form: its fields as JSON here (refused as not multipart); the content types below include multipart with broken bodies.
      uploadDocument: { documentType: 'BankStatement', file: 'statement.pdf' },
    }
    for (const op of ops) if (op.hasBody && !bases[op.operationId]) bases[op.operationId] = (op.example as Record<string, unknown>) ?? {}
    const missing = ops.filter((op) => op.hasBody && Object.keys(bases[op.operationId]!).length === 0)
    assert.deepEqual(missing.map((op) => op.operationId), [], 'operations with a body but no valid base body to mutate')

    // Tokens: valid ones most of the time, and every broken form a client could send.
    // Signed with the real key, so only the claims are wrong (a signer library would refuse to make these).
    const now = Math.floor(Date.now() / 1000)
    const signed = (claims: Record<string, unknown>) => {
      const unsigned = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
      return `${unsigned}.${createHmac('sha256', config.tokenSigningKey).update(unsigned).digest('base64url')}`
    }
    const [head, payload, signature] = reseller.token.split('.') as [string, string, string]
    const tampered = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    const weirdClaims: Record<string, unknown>[] = [
      { sub: '99999999999', cv: 1, iat: now, exp: now + 3600 }, { sub: '-1', cv: 1, iat: now, exp: now + 3600 }, { sub: '0', cv: 1, iat: now, exp: now + 3600 },
      { sub: 'abc', cv: 1, iat: now, exp: now + 3600 }, { sub: String(reseller.id), cv: 'x', iat: now, exp: now + 3600 }, { sub: String(reseller.id), cv: 1e308, iat: now, exp: now + 3600 },
      { sub: String(reseller.id), cv: -1, iat: now, exp: now + 3600 }, { sub: String(reseller.id), cv: 1, iat: now, exp: now - 10 }, { sub: String(reseller.id), cv: 1, exp: 'soon' },
      { sub: '1e3', cv: 1, iat: now, exp: now + 3600 }, { sub: '0x10', cv: 1, iat: now, exp: now + 3600 }, { sub: 2 ** 53, cv: 1, iat: now, exp: now + 3600 },
      { sub: String(reseller.id), cv: 1, iat: now, exp: 1e308 }, { sub: String(reseller.id), cv: 2 ** 31, iat: now, exp: now + 3600 }, { sub: [1], cv: 1, iat: now, exp: now + 3600 },
      { sub: '9007199254740991', cv: 1, iat: now, exp: now + 3600 }, { sub: '2147483648', cv: 1, iat: now, exp: now + 3600 },
    ]
    const authorization: fc.Arbitrary<string | undefined> = fc.oneof(
      { weight: 30, arbitrary: fc.constant(reseller.auth.authorization) },
      { weight: 4, arbitrary: fc.constant(customer.auth.authorization) },
      { weight: 3, arbitrary: fc.constant(undefined) },
      {
        weight: 6,
        arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Bearer  ' + reseller.token, 'bearer ' + reseller.token, 'BEARER ' + reseller.token, reseller.token, `Bearer ${reseller.token} extra`,
          `Bearer ${tampered}`, `Bearer ${algNone}`, `Basic ${Buffer.from(`${reseller.clientId}:${reseller.clientSecret}`).toString('base64')}`, 'Basic', 'Digest x', 'Bearer a.b.c',
          'Bearer ...', 'Bearer e30.e30.e30', `Bearer ${'A'.repeat(HUGE)}`, `Bearer ${head}.${'B'.repeat(20_000)}.${signature}`, 'Bearer null', 'Bearer undefined', ', Bearer x', 'Bearer\tx'),
      },
      { weight: 3, arbitrary: fc.constantFrom(...weirdClaims.map((claims) => `Bearer ${signed(claims)}`)) },
      { weight: 2, arbitrary: headerText(200).map((s) => `Bearer ${s}`) },
      { weight: 1, arbitrary: headerText(200) },
    )
    const headersArbitrary = fc.record({
      authorization,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      apiVersion: fc.option(fc.oneof(fc.constantFrom<string | string[]>('1.0', '1', '2.0', '', ' 1.0', '1.0.0', 'v1', ['1.0', '2.0'], ['1.0', '1.0'])), { freq: 4 }),
      accept: fc.option(fc.constantFrom('application/xml', '*/*;q=bad', '', 'text/html', 'application/json;q=0', 'application/problem+json'), { freq: 6 }),
      requestId: fc.option(fc.oneof(headerText(60), fc.constant('x'.repeat(10_000))), { freq: 6 }),
      encoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus'), { freq: 10 }),
      extra: fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), headerText(40), { maxKeys: 3 }), { freq: 5 }),
    })

    const selfSigned = await app.inject({ method: 'GET', url: '/api/Ping', headers: { authorization: `Bearer ${signed({ sub: String(reseller.id), cv: 1, iat: now, exp: now + 3600 })}` } })
    assert.equal(selfSigned.statusCode, 200, `a token signed by the test is not accepted: ${selfSigned.body}`)

    const knownIds = [caseId, bankAccountId, webhookId, deliveryId, customer.id, reseller.id]
    /** The ids a well-formed request of the route uses (a DELETE gets one that exists nowhere, so the fixtures stay). */
    const validIds = (op: Operation): string[] => {
      if (op.method === 'DELETE') return ['2147483000', '2147483000']
      if (op.path.startsWith('/api/cases/')) return [String(caseId), String(bankAccountId)]
      if (op.path.startsWith('/api/webhooks/')) return [String(webhookId), String(deliveryId)]
      return [String(customer.id)]
    }
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']
    // Operations with a body have the most to get wrong: they come up three times as often.
    const weightedRoutes = [...ops.flatMap((op) => op.hasBody ? [op, op, op] : [op]), ...extraRoutes]
    // Each request is well formed but for one part (or, one time in six, broken everywhere at once), so
    // that a broken body also reaches the handler, not only the checks in front of it.
    const broken = fc.constantFrom('body', 'body', 'body', 'body', 'authorization', 'contentType', 'headers', 'query', 'ids', 'method', 'path', 'all', 'all')
    const requestArbitrary: fc.Arbitrary<FuzzRequest> = fc.tuple(fc.constantFrom(...weightedRoutes), broken).chain(([op, part]) => fc.record({
      method: part === 'method' || part === 'all' ? fc.constantFrom(...methods) : fc.constant(op.method),
      params: part === 'ids' || part === 'all' ? fc.array(idArbitrary(knownIds), { minLength: 3, maxLength: 3 }) : fc.constant(validIds(op)),
      pathStyle: part === 'path' || part === 'all' ? fc.constantFrom('upper', 'trailing', 'double-slash', 'dot-segment', 'plain') : fc.constant('plain'),
      query: part === 'query' || part === 'all' ? queryArbitrary : fc.constantFrom('', 'api-version=1.0'),
      headers: part === 'all' ? headersArbitrary : fc.constant(null),
      authorization: part === 'authorization' ? authorization : fc.constant(reseller.auth.authorization),
      contentType: part === 'contentType' ? fc.constantFrom(...CONTENT_TYPES) : fc.constant('application/json'),
      otherHeaders: part === 'headers' ? headersArbitrary : fc.constant(null),
      body: part === 'body' || part === 'all'
        ? (op.hasBody ? bodyArbitrary(bases[op.operationId]!) : fc.option(bodyArbitrary({ a: 1 }), { freq: 3 }).map((b) => b ?? undefined))
        : fc.constant(op.hasBody ? JSON.stringify(bases[op.operationId]) : undefined),
    }).map(({ method, params, pathStyle, query, headers, authorization: auth, contentType, otherHeaders, body }) => {
      let i = 0
      let path = op.path.replace(/\{[^}]+\}/g, () => params[i++] ?? '1')
      if (pathStyle === 'upper') path = path.toUpperCase()
      if (pathStyle === 'trailing') path += '/'
      if (pathStyle === 'double-slash') path = path.replace('/api/', '//api//')
      if (pathStyle === 'dot-segment') path = path.replace('/api/', '/api/cases/../')
      const h: Record<string, string | string[]> = {}
      const all = headers ?? otherHeaders
      const authHeader = headers ? headers.authorization : auth
      const type = headers ? headers.contentType : contentType
      if (authHeader !== undefined && op.operationId !== 'authenticate') h.authorization = authHeader
      if (type !== undefined && (body !== undefined || part === 'contentType')) h['content-type'] = type
      if (all) {
        if (all.apiVersion !== null) h['api-version'] = all.apiVersion
        if (all.accept !== null) h.accept = all.accept
        if (all.requestId !== null) h['x-request-id'] = all.requestId
        if (all.encoding !== null) h['content-encoding'] = all.encoding
        if (all.extra !== null) Object.assign(h, all.extra)
      }
      const url = path + (query === '' ? '' : `?${query}`)
      const shownBody = body === undefined ? '' : ` body=${(typeof body === 'string' ? body : `<${body.length} bytes>`).slice(0, 200)}`
      return { method, url, headers: h, payload: body, label: `${op.operationId} (broken: ${part}): ${method} ${url.slice(0, 160)} headers=${JSON.stringify(h).slice(0, 300)}${shownBody}` }
    }))

    t.diagnostic(`fast-check seed ${SEED}, ${RUNS} runs over ${ops.length} operations and ${extraRoutes.length} other routes (rerun: FUZZ_SEED=${SEED})`)
    const failures: { run: number, status: number | string, label: string, body: string }[] = []
    const statuses: Record<number, number> = {}
    let run = 0
    let slowest = { ms: 0, label: '' }
    await fc.assert(fc.asyncProperty(requestArbitrary, async (request) => {
      run++
      const started = performance.now()
      let status: number
      let body = ''
      try {
        const res = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload })
        status = res.statusCode
        body = res.body.slice(0, 300)
      } catch (err) {
        failures.push({ run, status: `inject threw ${(err as Error).name}`, label: request.label, body: (err as Error).message })
        return true
      }
      const ms = performance.now() - started
      if (ms > slowest.ms) slowest = { ms, label: request.label }
      statuses[status] = (statuses[status] ?? 0) + 1
      if (process.env.FUZZ_DEBUG) console.log(status, request.label.slice(0, 400))
      if (status >= 500) failures.push({ run, status, label: request.label, body })
      return true
    }), { seed: SEED, numRuns: RUNS, endOnFailure: true })

    t.diagnostic(`${run} requests by status: ${JSON.stringify(statuses)}; slowest ${Math.round(slowest.ms)} ms: ${slowest.label.slice(0, 200)}`)
    const distinct = new Map<string, typeof failures[number]>()
    for (const f of failures) distinct.set(`${f.status} ${f.label.split(' ')[0]} ${f.body.slice(0, 60)}`, f)
    assert.deepEqual([...distinct.values()].slice(0, 15), [], `${failures.length} of ${run} requests answered 5xx or failed (seed ${SEED})`)

    // Still healthy, and still serving.
    const ready = await app.inject({ method: 'GET', url: '/health/ready' })
    assert.equal(ready.statusCode, 200, ready.body)
    const ping = await app.inject({ method: 'GET', url: '/api/Ping', headers: reseller.auth })
    assert.equal(ping.statusCode, 200, ping.body)
    const list = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: reseller.auth })
    assert.equal(list.statusCode, 200, list.body) // (the fuzz may have deleted the bank account: a valid DELETE)
  })
})

