import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, it } from 'node:test'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { givenReseller } from '../helpers/given.ts'
import { startLiveServer, type LiveServer } from '../helpers/live-server.ts'
import { describeUnless } from '../helpers/skip.ts'

// Debian's chromium, installed by scripts/install-chromium.sh (CI runs it first).
const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed: run scripts/install-chromium.sh`
const SCREENSHOT = path.resolve(import.meta.dirname, '../../test-artifacts/docs-page.png')
// Without the background-networking flags Chromium keeps calling Google's hosts, which this
// machine's closed network refuses.
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync']

interface Operation { method: string, path: string, summary: string }

// Started at the top level so that the app closes when the file ends (buildTestApp's own hook).
const server = (skip ? null : await startLiveServer()) as LiveServer

describeUnless(skip, 'the /docs page in headless Chromium', () => {
  let context: BrowserContext
  let page: Page
  let profile: string
  const foreignRequests: string[] = []
  const pageErrors: string[] = []

  before(async () => {
    profile = await mkdtemp(path.join(tmpdir(), 'idcheck-chromium-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1400, height: 1000 },
    })
    page = context.pages()[0] ?? await context.newPage()
    page.on('request', (request) => { if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreignRequests.push(request.url()) })
    page.on('pageerror', (err) => pageErrors.push(err.message))
    await page.goto(`${server.url}/docs`, { waitUntil: 'networkidle' })
  })

  after(async () => {
    await context?.close()
    if (profile) await rm(profile, { recursive: true, force: true })
  })

  it('when opened, then every operation of /openapi.json is on the page with its summary', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json() as { paths: Record<string, Record<string, { summary: string }>> }
    const operations: Operation[] = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path: p, summary: op.summary })))
    assert.ok(operations.length >= 20, `only ${operations.length} operations in the document`)
    for (const op of operations) {
      const text = await renderedOperation(page, op.method, op.path)
      assert.match(text, new RegExp(escapeRegExp(op.summary)), `${op.method} ${op.path} lacks its summary`)
    }
  })

  it('when an operation is shown, then its api-version query parameter and bearer authentication are shown with it', async () => {
    const text = await renderedOperation(page, 'GET', '/api/Ping')
    assert.match(text, /api-version/)
    assert.match(text, /Auth Required|bearerAuth/i)
  })

  it('when a token is got with "Test Request" on authenticate and used for Ping, then the page shows 200 Pong', async () => {
    const reseller = await givenReseller(server.app)

    // 1. Get an access token: the authenticate operation's Test Request, with the reseller's credentials typed into its body.
    const token = await sendFromClient(page, 'POST', '/api/authenticate', async () => {
      const body = page.locator('.cm-content').filter({ hasText: 'clientId' }).first()
      await body.click()
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.press('Delete')
      await page.keyboard.insertText(JSON.stringify({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }))
    }).then(async ({ status, body }) => {
      assert.equal(status, 200, body)
      return (JSON.parse(body) as { accessToken: string }).accessToken
    })
    await closeClient(page)

    // 2. Paste it into the page's Bearer Token field, then Ping's Test Request.
    await page.getByPlaceholder('Token').first().fill(token)
    const ping = await sendFromClient(page, 'GET', '/api/Ping')
    assert.equal(ping.status, 200, ping.body)
    assert.equal(ping.body, 'Pong')
    assert.equal(ping.authorization, `Bearer ${token}`)
    const responsePanel = page.getByText('200 OK').first()
    await responsePanel.waitFor({ timeout: 5000 })
    await page.getByText('Pong', { exact: true }).first().waitFor({ timeout: 5000 })

    await mkdir(path.dirname(SCREENSHOT), { recursive: true })
    await page.screenshot({ path: SCREENSHOT })
    await closeClient(page)
  })

  it('when the page itself fetches Ping with the bearer token, then 200 Pong', async () => {
    const reseller = await givenReseller(server.app)
    const result = await page.evaluate(async (token) => {
      const res = await fetch('/api/Ping', { headers: { authorization: `Bearer ${token}` } })
      return { status: res.status, text: await res.text() }
    }, reseller.token)
    assert.deepEqual(result, { status: 200, text: 'Pong' })
  })

  it('when the page was used, then nothing was loaded from another host and no script failed', () => {
    assert.deepEqual(foreignRequests, [])
    assert.deepEqual(pageErrors, [])
  })
})

/**
 * The text of an operation's section. Scalar gives each operation the id …/tag/<tag>/<METHOD><path>
 * and renders it lazily: a placeholder until it is scrolled to.
 */
async function renderedOperation (page: Page, method: string, apiPath: string): Promise<string> {
  const section = page.locator(`[id$="/${method}${apiPath}"]`).first()
  await section.waitFor({ state: 'attached', timeout: 10_000 }).catch(() => assert.fail(`${method} ${apiPath} is not on the page`))
  const id = await section.getAttribute('id')
  await section.scrollIntoViewIfNeeded()
  await page.waitForFunction((sectionId) => (document.getElementById(sectionId!)?.textContent ?? '').length > 0, id, { timeout: 10_000 })
    .catch(() => assert.fail(`${method} ${apiPath} never rendered`))
  return await page.locator(`[id="${id}"]`).first().textContent() ?? ''
}

/**
 * Opens an operation's "Test Request" client, lets `prepare` edit the request, presses Send and
 * returns what the page received.
 */
async function sendFromClient (page: Page, method: string, apiPath: string, prepare?: () => Promise<void>) {
  await renderedOperation(page, method, apiPath)
  const section = page.locator(`[id$="/${method}${apiPath}"]`).first()
  await section.getByRole('button', { name: /Test Request/ }).first().click()
  const send = page.getByRole('button', { name: new RegExp(`Send ${method} request to`, 'i') }).first()
  await send.waitFor({ timeout: 10_000 })
  if (prepare) await prepare()
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === apiPath && res.request().method() === method, { timeout: 10_000 })
  await send.click()
  const response = await answered
  return { status: response.status(), body: await response.text(), authorization: response.request().headers().authorization }
}

async function closeClient (page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close Client' }).first().click()
  await page.getByRole('button', { name: 'Close Client' }).first().waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {})
}

function escapeRegExp (text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
