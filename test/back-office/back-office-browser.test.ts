import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, it } from 'node:test'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { givenReseller, givenSubAccount, type GivenClient } from '../helpers/given.ts'
import { givenCase } from '../helpers/given-cases.ts'
import { startLiveServer, type LiveServer } from '../helpers/live-server.ts'
import { answers, startWebhookReceiver } from '../helpers/webhook-receiver.ts'
import { auditAccessibility } from './accessibility-audit.ts'
import { describeUnless } from '../helpers/skip.ts'

// Every page and action of the back office in Debian's Chromium (scripts/install-chromium.sh), through the real server.
const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed: run scripts/install-chromium.sh`
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-artifacts/back-office')
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync']
const SLOW = 60_000
// A passport is read by OCR, whose process starts with the first document: slower still on a busy machine.
const OCR = 120_000

// Setup requests come in bursts; the limiter is not under test here.
const server = (skip ? null : await startLiveServer({ rateLimitPerSecond: 200 })) as LiveServer

describeUnless(skip, 'the back office in headless Chromium', () => {
  let context: BrowserContext
  let page: Page
  let profile: string
  let reseller: GivenClient
  const foreignRequests: string[] = []
  const pageErrors: string[] = []

  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: SLOW })
  const open = async (url: string, title: string | RegExp) => { await page.goto(`${server.url}${url}`); await heading(title) }
  // Every page photographed is also audited: labels, names, and text contrast (WCAG AA).
  const shot = async (name: string) => {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
    assert.deepEqual(await auditAccessibility(page), [], `${name}: accessibility`)
  }
  /** The case's hit decisions as the API stores them; decidedAt, the server's clock, only checked to be a time. */
  const decisions = async (caseId: number) => {
    const res = await fetch(`${server.url}/api/cases/${caseId}/hit-decisions`, { headers: reseller.auth })
    assert.equal(res.status, 200)
    return ((await res.json()) as { decidedAt: string }[]).map((d) => ({ ...d, decidedAt: Number.isNaN(Date.parse(d.decidedAt)) ? d.decidedAt : 'a time' }))
  }
  const sample = async (name: string) => Buffer.from(await (await fetch(`${server.url}/api/sandbox/sample-documents/${name}`)).arrayBuffer())

  async function signIn (clientId: string, clientSecret: string): Promise<void> {
    await page.getByLabel('Client ID').fill(clientId)
    await page.getByLabel('Client secret').fill(clientSecret)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true })
    reseller = await givenReseller(server.app)
    profile = await mkdtemp(path.join(tmpdir(), 'idcheck-back-office-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 900 },
    })
    page = context.pages()[0] ?? await context.newPage()
    page.on('request', (request) => { if (!request.url().startsWith(server.url) && !/^(blob|data):/.test(request.url())) foreignRequests.push(request.url()) })
    page.on('pageerror', (err) => pageErrors.push(err.message))
  })

  after(async () => {
    await context?.close()
    if (profile) await rm(profile, { recursive: true, force: true })
  })

  it('when a wrong secret is given, then the API\'s reason is shown; with the right one, by keyboard alone, the cases page opens and only the token is stored', async () => {
    await open('/app/cases', 'Sign in')
    assert.match(page.url(), /\/app\/sign-in\?next=%2Fapp%2Fcases$/)
    await signIn(reseller.clientId, 'not-the-secret')
    await page.getByRole('alert').filter({ hasText: 'The clientId or clientSecret is not valid.' }).waitFor()
    await shot('sign-in')

    await page.getByLabel('Client ID').focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(reseller.clientId)
    await page.keyboard.press('Tab')
    await page.keyboard.type(reseller.clientSecret)
    await page.keyboard.press('Enter')
    await heading('Cases')
    const storage = await page.evaluate(() => ({ session: JSON.stringify(sessionStorage), local: localStorage.length }))
    assert.doesNotMatch(storage.session, new RegExp(reseller.clientSecret))
    assert.match(storage.session, /accessToken/)
    assert.equal(storage.local, 0)
  })

  it('when there are more cases than a page, then newest first, Older cases leads on, and a URN search finds one', async () => {
    const ids: number[] = []
    for (let i = 1; i <= 12; i++) ids.push(await givenCase(server.app, reseller, { urn: `LIST-${String(i).padStart(2, '0')}` }))
    await open('/app/cases?limit=10', 'Cases')
    const urns = () => page.locator('table.cases tbody tr td:first-child').allTextContents()
    assert.deepEqual((await urns()).slice(0, 3), ['LIST-12', 'LIST-11', 'LIST-10'])
    assert.equal((await urns()).length, 10)
    await shot('cases')
    await page.getByRole('link', { name: 'Older cases »' }).click()
    await page.getByRole('link', { name: '« Newest cases' }).waitFor()
    assert.deepEqual(await urns(), ['LIST-02', 'LIST-01'])

    await page.getByRole('searchbox', { name: 'URN' }).fill('LIST-07')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: 'Show all cases' }).waitFor()
    assert.deepEqual(await urns(), ['LIST-07'])
    assert.match(page.url(), /\/app\/cases\?urn=LIST-07&limit=10$/)
  })

  it('when a Person case is made with the form for Viktor Kaine, then its AML check shows High (text and colour); the hit confirmed, then dismissed, beside the case data is stored by the API each time and still shown after a reload', async () => {
    await open('/app/cases', 'Cases')
    await page.getByLabel('URN', { exact: true }).last().fill('AML-KAINE')
    await page.getByLabel('Given names').fill('Viktor')
    await page.getByLabel('Surname').fill('Kaine')
    await page.getByLabel('Date of birth').fill('1961-04-12')
    await page.getByLabel('Country (ISO code)').fill('GB')
    await page.getByRole('button', { name: 'Create case' }).click()
    await heading('Case AML-KAINE')
    const amlRow = page.locator('table.checks tbody tr').filter({ hasText: 'AML' })
    await amlRow.filter({ hasText: 'High risk' }).waitFor({ timeout: SLOW })
    assert.equal(await amlRow.locator('.badge-high').count(), 1)
    await shot('case')

    await page.getByRole('link', { name: 'review the hits' }).click()
    await heading(/^AML check #\d+$/)
    const [, caseId, checkId] = page.url().match(/\/app\/cases\/(\d+)\/checks\/(\d+)$/)!.map(Number)
    const hit = page.getByRole('article').filter({ hasText: 'Viktor Kaine' })
    const hitId = Number((await hit.getAttribute('aria-labelledby'))!.replace(/^hit-/, ''))
    await hit.getByRole('region', { name: 'On the case' }).getByText('1961-04-12').waitFor()
    await hit.getByRole('region', { name: 'On the list' }).getByText('sandbox: sbx-viktor-kaine').waitFor()
    await hit.getByRole('button', { name: 'Confirm (true positive)' }).click()
    await hit.getByText('Confirmed: recorded as a true positive.').waitFor()
    assert.equal(await hit.getByRole('button', { name: 'Confirm (true positive)' }).getAttribute('aria-pressed'), 'true')
    assert.deepEqual(await decisions(caseId!), [{ source: 'sandbox', entityId: 'sbx-viktor-kaine', decision: 'true_positive', checkId, hitId, decidedAt: 'a time' }])
    // Deciding again replaces the decision.
    await hit.getByRole('button', { name: 'Dismiss (false positive)' }).click()
    await hit.getByText('Dismissed: recorded as a false positive.').waitFor()
    assert.equal(await hit.getByRole('button', { name: 'Dismiss (false positive)' }).getAttribute('aria-pressed'), 'true')
    assert.equal(await hit.getByRole('button', { name: 'Confirm (true positive)' }).getAttribute('aria-pressed'), 'false')
    assert.deepEqual(await decisions(caseId!), [{ source: 'sandbox', entityId: 'sbx-viktor-kaine', decision: 'false_positive', checkId, hitId, decidedAt: 'a time' }])
    await shot('aml-hit')
    // The decision is the API's (GET …/hit-decisions), so a reload still shows it.
    await page.reload()
    await heading(/^AML check #\d+$/)
    await hit.getByText('Dismissed: recorded as a false positive.').waitFor({ timeout: SLOW })

    await page.getByRole('button', { name: 'Screen again now' }).click()
    await page.getByText('No match: nobody on the lists resembles this case.').waitFor({ timeout: SLOW })
    await page.locator('.badge-low').first().waitFor()
  })

  it('when a sample statement is uploaded with the form, then its page shows the PDF, the extracted fields and the risk signals; its bank account has a BAV history', async () => {
    const caseId = await givenCase(server.app, reseller, { urn: 'DOC-STATEMENT' })
    await open(`/app/cases/${caseId}`, 'Case DOC-STATEMENT')
    await page.getByLabel('Document type').selectOption('BankStatement')
    await page.getByLabel('File').setInputFiles({ name: 'clean-statement.pdf', mimeType: 'application/pdf', buffer: await sample('clean-statement.pdf') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await heading('clean-statement.pdf')
    await page.locator('.pdf-pages[data-rendered="true"] canvas').first().waitFor({ timeout: SLOW })
    const fields = page.locator('table.fields')
    await fields.waitFor({ timeout: SLOW })
    await fields.getByRole('row', { name: /Account number 66374958/ }).waitFor()
    await fields.getByRole('row', { name: /Sort code 089999/ }).waitFor()
    await page.locator('.check-risk').getByText('No risk signals.').waitFor({ timeout: SLOW })
    await page.locator('.check-risk .badge-low').waitFor()
    const canvasPainted = await page.locator('.pdf-pages canvas').first().evaluate((canvas: HTMLCanvasElement) =>
      canvas.width > 100 && canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data.some((v, i) => i % 4 !== 3 && v < 200))
    assert.ok(canvasPainted, 'the PDF page was not drawn')
    await shot('document-statement')

    await page.getByRole('link', { name: 'See the bank accounts' }).click()
    await heading('Bank accounts of case DOC-STATEMENT')
    await page.locator('table.bav-history tbody tr').filter({ hasText: 'Low risk' }).first().waitFor({ timeout: SLOW })
    await page.getByRole('button', { name: 'Verify again (BAV)' }).click()
    await page.waitForFunction(() => document.querySelectorAll('table.bav-history tbody tr').length === 2, null, { timeout: SLOW })
    await shot('bank-accounts')
  })

  it('when a passport is uploaded to a Person case, then its page shows the image and the KYC result (latestKyc)', async () => {
    const caseId = await givenCase(server.app, reseller, { urn: 'DOC-PASSPORT', givenNames: 'Anna Maria', surname: 'Eriksson', dobDay: 12, dobMonth: 7, dobYear: 1984 })
    await open(`/app/cases/${caseId}`, 'Case DOC-PASSPORT')
    await page.getByLabel('Document type').selectOption('Passport')
    await page.getByLabel('File').setInputFiles({ name: 'passport-match.png', mimeType: 'image/png', buffer: await sample('passport-match.png') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await heading('passport-match.png')
    const image = page.getByRole('img', { name: 'The uploaded passport-match.png' })
    await image.waitFor()
    assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100), 'the passport image did not load')
    const comparison = page.locator('table.kyc-comparison')
    await comparison.waitFor({ timeout: OCR })
    await comparison.getByRole('row', { name: /Surname Eriksson ERIKSSON ✓ Match/ }).waitFor()
    await page.locator('.check-kyc .badge-low').waitFor()
    await page.locator('.check-kyc').getByText('All valid').waitFor()
    await shot('document-passport')
  })

  it('when an endpoint is registered and its test delivery fails, then the log shows the 500 and Retry now delivers it', async () => {
    const receiver = await startWebhookReceiver(answers.serverError)
    await open('/app/webhooks', 'Webhooks')
    await page.getByLabel('URL').fill(receiver.url)
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    await page.getByRole('region', { name: 'New signing secret' }).getByText(/^whsec_/).waitFor()
    await shot('webhooks')

    await page.getByRole('link', { name: receiver.url }).click()
    await heading(`Webhook ${receiver.url}`)
    await page.getByRole('button', { name: 'Send a test event' }).click()
    await receiver.waitFor((requests) => requests.length >= 1, SLOW, 'the first attempt')
    const row = page.locator('table.deliveries tbody tr').filter({ hasText: 'webhook.test' })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await row.getByText('500').first().waitFor({ timeout: SLOW })
    receiver.answer(answers.ok)
    await row.getByRole('button', { name: /^Retry delivery \d+ now$/ }).click()
    await row.getByText('succeeded').waitFor({ timeout: SLOW })
    await shot('webhook-deliveries')
  })

  it('when a reseller resets a sub-account\'s credentials, then the new secret is shown once, works, and the old one does not', async () => {
    const customer = await givenSubAccount(server.app, reseller)
    const name = (await (await fetch(`${server.url}/api/accounts/${customer.id}`, { headers: reseller.auth })).json()).account.name as string
    await open('/app/accounts', 'Sub-accounts')
    await page.getByRole('button', { name: `Reset credentials of ${name}` }).click()
    await page.getByRole('button', { name: `Yes, reset the credentials of ${name}` }).click()
    const box = page.getByRole('region', { name: `New credentials of ${name}` })
    const secret = (await box.locator('.secret-value').textContent())!
    assert.notEqual(secret, customer.clientSecret)
    await shot('accounts')
    const authenticate = (clientSecret: string) => fetch(`${server.url}/api/authenticate`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: customer.clientId, clientSecret }),
    }).then((res) => res.status)
    assert.equal(await authenticate(secret), 200)
    assert.equal(await authenticate(customer.clientSecret), 401)

    await open('/app/cases', 'Cases')
    await open('/app/accounts', 'Sub-accounts')
    assert.equal(await page.getByText(secret).count(), 0)
  })

  it('when an address names no page or no case of the account, then the not-found page (404 from the server for an unknown path)', async () => {
    const res = await page.goto(`${server.url}/app/no-such-page`)
    assert.equal(res?.status(), 404)
    await heading('Page not found')
    await shot('not-found')
    await open('/app/cases/2147483647', 'Page not found')
    await page.getByRole('link', { name: 'Go to the cases' }).click()
    await heading('Cases')
  })

  it('when the window is a phone\'s width, then a case page fits without sideways scrolling', async () => {
    const caseId = await givenCase(server.app, reseller, { urn: 'PHONE-CASE' })
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await open(`/app/cases/${caseId}`, 'Case PHONE-CASE')
      await page.locator('table.checks').waitFor()
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways at 390 px')
      await shot('phone-case')
      await open('/app/cases', 'Cases')
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the cases page scrolls sideways at 390 px')
      await shot('phone-cases')
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 })
    }
  })

  it('when the analyst signs out, then the token is gone and a page asks for sign-in again', async () => {
    await open('/app/cases', 'Cases')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await heading('Sign in')
    await page.getByText('You are signed out.').waitFor()
    assert.equal(await page.evaluate(() => sessionStorage.length), 0)
    await open('/app/webhooks', 'Sign in')
  })

  it('when the token expires while the page is open, then the next action shows the session-expired page', async () => {
    await signIn(reseller.clientId, reseller.clientSecret)
    await heading('Webhooks')
    server.clock.advanceMinutes(61)
    try {
      await page.getByRole('link', { name: 'Cases', exact: true }).click()
      await heading('Your session has expired')
      await shot('session-expired')
      assert.equal(await page.evaluate(() => sessionStorage.getItem('idcheck.back-office.session')), null)
      await page.getByRole('link', { name: 'Sign in again' }).click()
      await heading('Sign in')
    } finally {
      server.clock.advanceMinutes(-61)
    }
  })

  it('when a page had an unlabelled field, a nameless button and pale text, then the audit the pages pass would name each', async () => {
    await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.id = 'audit-probe'
      probe.innerHTML = '<input name="unlabelled"><button></button><p>pale text</p>'
      // Set through the CSSOM: the page's Content-Security-Policy refuses style attributes.
      Object.assign(probe.querySelector('p')!.style, { color: '#bbb', background: '#fff' })
      document.body.append(probe)
    })
    const problems = await auditAccessibility(page)
    await page.evaluate(() => document.getElementById('audit-probe')?.remove())
    assert.deepEqual(problems.map((p) => p.split(':')[0]), ['no label', 'no accessible name', 'contrast 1.92'])
  })

  it('when the app was used, then nothing was loaded from another origin and no script failed', () => {
    assert.deepEqual(foreignRequests, [])
    assert.deepEqual(pageErrors, [])
  })
})
