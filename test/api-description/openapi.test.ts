import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helpers/build-test-app.ts'

const { app } = await buildTestApp()

const CONTRACT_PATHS: [string, string][] = [
  ['post', '/api/authenticate'],
  ['get', '/api/Ping'],
  ['get', '/api/accounts'],
  ['post', '/api/accounts'],
  ['get', '/api/accounts/{id}'],
  ['patch', '/api/accounts/{id}'],
  ['post', '/api/accounts/{id}/reset-credentials'],
  ['get', '/api/services/resellable'],
]

async function getDocument () {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  assert.equal(res.statusCode, 200, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  return res.json()
}

/** Every "$ref" string anywhere in the document. */
function refsIn (node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found)
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value)
      else refsIn(value, found)
    }
  }
  return found
}

describe('GET /openapi.json', () => {
  it('when fetched without a token, then it is an OpenAPI 3.1.0 document', async () => {
    const doc = await getDocument()
    assert.equal(doc.openapi, '3.1.0')
    assert.equal(typeof doc.info.title, 'string')
    assert.equal(doc.info.version, '1.0')
  })

  it('when read, then it describes every endpoint of the contract with its method', async () => {
    const doc = await getDocument()
    for (const [method, path] of CONTRACT_PATHS) {
      assert.ok(doc.paths[path], `missing path ${path}`)
      assert.ok(doc.paths[path][method], `missing ${method.toUpperCase()} ${path}`)
    }
  })

  it('when read, then it declares the bearerAuth scheme and the authenticated operations require it', async () => {
    const doc = await getDocument()
    const scheme = doc.components.securitySchemes.bearerAuth
    assert.equal(scheme.type, 'http')
    assert.equal(scheme.scheme, 'bearer')
    for (const [method, path] of CONTRACT_PATHS.filter(([, p]) => p !== '/api/authenticate')) {
      assert.deepEqual(doc.paths[path][method].security, [{ bearerAuth: [] }], `${method.toUpperCase()} ${path}`)
    }
    assert.ok(!doc.paths['/api/authenticate'].post.security?.some((s: object) => 'bearerAuth' in s), 'authenticate needs no token')
  })

  it('when read, then shared schemas are named components and no reference points at a def-N name', async () => {
    const doc = await getDocument()
    const names = Object.keys(doc.components.schemas)
    for (const name of ['TokenRequest', 'TokenResponse', 'FieldErrors', 'ProblemDetails', 'ErrorList', 'Account', 'AccountWithCredentials', 'CredentialsReset', 'ServiceEntry']) {
      assert.ok(names.includes(name), `component ${name} missing; have ${names.join(', ')}`)
    }
    assert.deepEqual(names.filter((n) => /^def-\d+$/.test(n)), [])
    const refs = refsIn(doc)
    assert.ok(refs.length > 0)
    assert.deepEqual(refs.filter((r) => /def-\d+/.test(r)), [])
    for (const ref of refs) {
      const name = ref.replace('#/components/schemas/', '')
      assert.ok(names.includes(name), `dangling reference ${ref}`)
    }
  })

  it('when read, then authenticate documents its body and its 200, 400 and 401 answers', async () => {
    const doc = await getDocument()
    const op = doc.paths['/api/authenticate'].post
    let body = op.requestBody.content['application/json'].schema
    if (body.$ref) body = doc.components.schemas[body.$ref.replace('#/components/schemas/', '')]
    assert.deepEqual([...body.required].sort(), ['clientId', 'clientSecret'])
    assert.deepEqual(op.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/TokenResponse' })
    for (const status of ['200', '400', '401']) assert.ok(op.responses[status], `response ${status} missing`)
  })

  it('when read, then Ping documents its 200 as text/plain, as it is sent', async () => {
    const op = (await getDocument()).paths['/api/Ping'].get
    assert.deepEqual(Object.keys(op.responses['200'].content), ['text/plain'])
    assert.ok(op.responses['401'])
  })
})

describe('GET /docs', () => {
  async function docsPage () {
    let res = await app.inject({ method: 'GET', url: '/docs' })
    if (res.statusCode >= 300 && res.statusCode < 400) {
      assert.equal(res.headers.location, '/docs/')
      res = await app.inject({ method: 'GET', url: String(res.headers.location) })
    }
    assert.equal(res.statusCode, 200, res.body)
    assert.match(String(res.headers['content-type']), /^text\/html/)
    return res.body
  }

  it('when opened without a token, then an HTML page that loads nothing from a CDN', async () => {
    const html = await docsPage()
    assert.match(html, /<html/i)
    assert.doesNotMatch(html, /https:\/\/cdn|jsdelivr|unpkg|cdnjs|googleapis/i)
  })

  it('when opened, then the page points at our /openapi.json', async () => {
    assert.match(await docsPage(), /\/openapi\.json/)
  })

  it('when the page references its scripts, then each is served by us with 200 JavaScript', async () => {
    const html = await docsPage()
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]!)
    assert.ok(sources.length > 0, 'the page references no script')
    for (const src of sources) {
      const url = new URL(src, 'http://localhost/docs/')
      assert.equal(url.host, 'localhost', `script ${src} is not served by us`)
      const res = await app.inject({ method: 'GET', url: url.pathname })
      assert.equal(res.statusCode, 200, `${url.pathname}: ${res.statusCode}`)
      assert.match(String(res.headers['content-type']), /javascript/)
      assert.ok(res.body.length > 1000)
    }
  })
})

describe('the origin the documents name', async () => {
  const configured = await buildTestApp({ publicBaseUrl: 'https://api.example.com' })

  it('when a request forges its Host header, then /openapi.json and /postman.json still name this service, not that host', async () => {
    const headers = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' }
    const doc = await app.inject({ method: 'GET', url: '/openapi.json', headers })
    assert.deepEqual(doc.json().servers, [{ url: 'http://127.0.0.1:0', description: 'This server' }])
    const postman = await app.inject({ method: 'GET', url: '/postman.json', headers })
    assert.equal(postman.json().variable.find((v: { key: string }) => v.key === 'baseUrl').value, 'http://127.0.0.1:0')
  })

  it('when PUBLIC_BASE_URL is configured, then both documents name it', async () => {
    const doc = await configured.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'attacker.example' } })
    assert.deepEqual(doc.json().servers, [{ url: 'https://api.example.com', description: 'This server' }])
    const postman = await configured.app.inject({ method: 'GET', url: '/postman.json', headers: { host: 'attacker.example' } })
    assert.equal(postman.json().variable.find((v: { key: string }) => v.key === 'baseUrl').value, 'https://api.example.com')
  })

  it('when the service listens, then the documents name its real address and port', async () => {
    const listening = await buildTestApp()
    await listening.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = listening.app.server.address() as { port: number }
    const doc = await listening.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'attacker.example' } })
    assert.deepEqual(doc.json().servers, [{ url: `http://127.0.0.1:${port}`, description: 'This server' }])
  })
})
