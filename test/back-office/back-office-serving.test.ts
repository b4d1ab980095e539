import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, it } from 'node:test'
import { BACK_OFFICE_PUBLIC_DIR, buildBackOffice } from '../../scripts/build-back-office.ts'
import { buildTestApp } from '../helpers/build-test-app.ts'

const { app } = await buildTestApp()
const CSP = /^default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/

describe('the back office is served at /app', () => {
  it('when the committed bundle is compared with a fresh build of packages/back-office/, then they are the same (run npm run build:back-office)', async () => {
    for (const [name, text] of await buildBackOffice()) {
      assert.equal(await readFile(path.join(BACK_OFFICE_PUBLIC_DIR, name), 'utf8'), text, `public/${name} is out of date: run npm run build:back-office`)
    }
  })

  it('when a page of the app is asked for without a token, then 200 HTML with a strict Content-Security-Policy and no rate-limit headers', async () => {
    for (const url of ['/app', '/app/', '/app/sign-in', '/app/cases?urn=X', '/app/cases/17', '/app/cases/17/documents/3', '/app/webhooks/2', '/app/accounts']) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assert.match(String(res.headers['content-security-policy']), CSP)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers.ratelimit, undefined)
      assert.match(res.body, /<script type="module" src="\/app\/assets\/app.js"><\/script>/)
    }
  })

  it('when a path under /app names no page, then the same HTML with 404 (the app shows its not-found page)', async () => {
    for (const url of ['/app/nope', '/app/cases/0', '/app/cases/abc', '/app/cases/99999999999']) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404, url)
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    }
    assert.equal((await app.inject({ method: 'GET', url: '/app/assets/nope.js' })).statusCode, 404)
  })

  it('when the assets are asked for, then each has its content type; pdf.js comes from the installed unpdf package', async () => {
    const expected: Record<string, string> = {
      '/app/assets/app.js': 'text/javascript; charset=utf-8',
      '/app/assets/app.css': 'text/css; charset=utf-8',
      '/app/assets/vendor/pdfjs.mjs': 'text/javascript; charset=utf-8',
    }
    for (const [url, type] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-type'], type, url)
      assert.ok(res.body.length > 1000, url)
    }
  })

  it('when the API description is read, then /app is not in it', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> }
    assert.deepEqual(Object.keys(doc.paths).filter((p) => p.startsWith('/app')), [])
  })
})
