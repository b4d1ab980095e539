import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { before, it } from 'node:test'
import { chromium, type Browser } from 'playwright-core'
import type { Environment } from '../../config/config.ts'
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { BROWSER_STATEMENTS, type BrowserStatement } from '../../../test/helpers/browser-statements.ts'
import { describeUnless } from '../../../test/helpers/skip.ts'

// Statements made by a tool idcheck did not write: Debian's Chromium (scripts/install-chromium.sh)
// prints them to PDF (Skia) and photographs them as a scanner would, in four banks' layouts; each
// is uploaded in sandbox and in production and must give its account details, with no risk signal.
const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed: run scripts/install-chromium.sh`
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
// OCR's process starts with the first scan: slow on a busy machine.
const OCR = 120_000

interface Made { pdf: Uint8Array, scan: Uint8Array }

async function make (browser: Browser, statement: BrowserStatement): Promise<Made> {
  const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 2.6 })
  try {
    const page = await context.newPage()
    await page.setContent(statement.html)
    const pdf = new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }))
    // A scanner's copy: grey, a little soft, not quite straight; JPEG as most scanners send it.
    await page.addStyleTag({ content: 'html { background: #f4f2ee } body { filter: grayscale(1) contrast(0.92) blur(0.3px); transform: rotate(0.6deg); transform-origin: top left; padding: 12mm }' })
    const scan = new Uint8Array(await page.screenshot({ type: 'jpeg', quality: 72, fullPage: true }))
    return { pdf, scan }
  } finally {
    await context.close()
  }
}

type Check = { status: string, riskRating: { id: number, name: string } | null, result: any, failureReason: string | null }

/** Each statement as Chromium printed and photographed it, made once for both environments. */
async function makeAll (): Promise<Map<string, Made>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
  try {
    const made = new Map<string, Made>()
    for (const statement of BROWSER_STATEMENTS) made.set(statement.name, await make(browser, statement))
    return made
  } finally {
    await browser.close()
  }
}
const made = skip ? new Map<string, Made>() : await makeAll()

for (const environment of ['sandbox', 'production'] satisfies Environment[]) {
  // Rate limiting is not under test here.
  const test = (skip ? null : await buildTestApp({ environment, rateLimitPerSecond: 10_000 })) as TestApp
  describeUnless(skip, `statements made by Chromium, uploaded in ${environment}`, () => {
    let caller: GivenClient
    before(async () => { caller = await givenReseller(test.app, { services: 'all' }) })

    async function read (file: Uint8Array, fileName: string): Promise<{ caseId: number, extraction: Check, risk: Check }> {
      const caseId = await givenCase(test.app, caller)
      const { payload, contentType } = await multipartBody({ documentType: 'BankStatement', file: { bytes: file, fileName } })
      const res = await test.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
      assert.equal(res.statusCode, 201, res.body)
      const { id } = res.json() as { id: number }
      const settled = await eventually(async () => (await test.app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${id}`, headers: caller.auth })).json(),
        (d) => [d.latestExtraction, d.latestRisk].every((c) => c !== null && c.status !== 'pending'), { timeoutMs: OCR, what: `${fileName}'s checks` })
      return { caseId, extraction: settled.latestExtraction, risk: settled.latestRisk }
    }

    const values = (fields: Record<string, { value: unknown } | null>) => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.value ?? null]))

    for (const statement of BROWSER_STATEMENTS) {
      it(`when the ${statement.name} statement is uploaded as Chromium printed it, then its details are read from the text layer, its bank account is added and no risk signal shows`, { timeout: OCR }, async () => {
        const { caseId, extraction, risk } = await read(made.get(statement.name)!.pdf, `${statement.name}.pdf`)
        assert.equal(extraction.status, 'completed', extraction.failureReason ?? '')
        assert.equal(extraction.result.method, 'text')
        const found = values(extraction.result.fields)
        assert.deepEqual({ sortCode: found.sortCode, accountNumber: found.accountNumber, accountHolderName: found.accountHolderName, bankName: found.bankName, openingBalance: found.openingBalance, closingBalance: found.closingBalance }, statement.expected)
        assert.equal(extraction.result.bankAccount.outcome, 'created', extraction.result.bankAccount.message)
        assert.equal(extraction.riskRating!.name, statement.rating)
        const accounts = (await test.app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })).json()
        assert.deepEqual(accounts.map((a: any) => [a.documentId !== null, a.sortCode, a.accountNumber]), [[true, statement.expected.sortCode, statement.expected.accountNumber]])
        assert.deepEqual([risk.status, risk.riskRating, risk.result.signals], ['completed', { id: 1, name: 'Low' }, []])
      })
    }

    for (const statement of BROWSER_STATEMENTS) {
      it(`when the ${statement.name} statement is uploaded as a scan (JPEG), then OCR reads its account details and holder`, { timeout: OCR }, async () => {
        const { extraction, risk } = await read(made.get(statement.name)!.scan, `${statement.name}-scan.jpeg`)
        assert.equal(extraction.status, 'completed', extraction.failureReason ?? '')
        assert.equal(extraction.result.method, 'ocr')
        const found = values(extraction.result.fields)
        assert.deepEqual([found.sortCode, found.accountNumber, found.accountHolderName], [statement.expected.sortCode, statement.expected.accountNumber, statement.expected.accountHolderName])
        assert.equal(extraction.result.bankAccount.outcome, 'created', extraction.result.bankAccount.message)
        assert.deepEqual([risk.status, risk.riskRating], ['completed', { id: 1, name: 'Low' }])
      })
    }
  })
}
