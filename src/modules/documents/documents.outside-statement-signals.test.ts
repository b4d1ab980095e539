import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { PDFDocument } from 'pdf-lib'
import { chromium } from 'playwright-core'
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { CHROMIUM, describeUnless, needsChromium } from '../../../test/helpers/skip.ts'

// What statements made by outside tools showed: a bank name with "&" cut at the "&", an account number
// retyped in another font in a compact one-line header, and a PDF created before its period ended, each
// unnoticed. Chromium (scripts/install-chromium.sh) prints the statement; the text layer is read, no OCR.

const rows = [['02/03/2026', 'CARD PAYMENT TESCO STORES', '45.20', '', '1,204.80'], ['05/03/2026', 'SALARY ACME WIDGETS LTD', '', '2,150.00', '3,354.80'],
  ['09/03/2026', 'DIRECT DEBIT COUNCIL TAX', '138.00', '', '3,216.80'], ['21/03/2026', 'CARD PAYMENT SHELL', '61.35', '', '3,155.45']]

/** A compact statement: the sort code, account number and period on one line; the account number in accountFont. */
const compactStatement = (accountFont: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 15mm } body { font-family: 'Liberation Sans'; font-size: 9.5pt } table { width: 100%; border-collapse: collapse } .n { text-align: right }
</style></head><body><h1>Smith &amp; Co Bank</h1><p>Account holder: Mr Daniel Hughes</p>
<p style="white-space: nowrap">Sort code 20-09-15 &nbsp; Account number <span style="font-family: '${accountFont}'">41011166</span> &nbsp; Statement period: 01/03/2026 to 31/03/2026</p>
<table><tr><th>Date</th><th>Description</th><th class="n">Paid out</th><th class="n">Paid in</th><th class="n">Balance</th></tr>
<tr><td>01/03/2026</td><td>Opening balance</td><td></td><td></td><td class="n">1,250.00</td></tr>
${rows.map((r) => `<tr><td>${r[0]}</td><td>${r[1]}</td><td class="n">${r[2]}</td><td class="n">${r[3]}</td><td class="n">${r[4]}</td></tr>`).join('')}
<tr><td>31/03/2026</td><td>Closing balance</td><td></td><td></td><td class="n">3,155.45</td></tr></table></body></html>`

async function printAll (): Promise<{ genuine: Uint8Array, retyped: Uint8Array }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const print = async (html: string) => {
      const page = await browser.newPage()
      await page.setContent(html)
      return new Uint8Array(await page.pdf({ format: 'A4' }))
    }
    return { genuine: await print(compactStatement('Liberation Sans')), retyped: await print(compactStatement('DejaVu Sans Mono')) }
  } finally {
    await browser.close()
  }
}

const printed = needsChromium ? null : await printAll()
const test = (needsChromium ? null : await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000 })) as TestApp

describeUnless(needsChromium, 'statements made by Chromium in a compact layout, with what outside statements showed', () => {
  let caller: GivenClient
  before(async () => { caller = await givenReseller(test.app, { services: 'all' }) })

  async function upload (bytes: Uint8Array) {
    const caseId = await givenCase(test.app, caller)
    const { payload, contentType } = await multipartBody({ documentType: 'BankStatement', file: { bytes, fileName: 'statement.pdf' } })
    const res = await test.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
    assert.equal(res.statusCode, 201, res.body)
    const { id } = res.json() as { id: number }
    return eventually(async () => (await test.app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${id}`, headers: caller.auth })).json(),
      (d) => [d.latestExtraction, d.latestRisk].every((c) => c !== null && c.status !== 'pending'), { timeoutMs: 30_000, what: 'the checks' })
  }

  it('when the bank is Smith & Co Bank, then its whole name is read with the account details and no risk signal shows', async () => {
    const { latestExtraction, latestRisk } = await upload(printed!.genuine)
    const fields = latestExtraction.result.fields
    assert.deepEqual([fields.bankName.value, fields.sortCode.value, fields.accountNumber.value, fields.accountHolderName.value],
      ['Smith & Co Bank', '200915', '41011166', 'Mr Daniel Hughes'])
    assert.deepEqual([latestRisk.status, latestRisk.riskRating, latestRisk.result.signals], ['completed', { id: 1, name: 'Low' }, []])
  })

  it('when the header\'s account number was retyped in another font, then the risk is High with inconsistent_font naming it', async () => {
    const { latestRisk } = await upload(printed!.retyped)
    assert.deepEqual([latestRisk.riskRating, latestRisk.result.signals], [{ id: 3, name: 'High' }, [{
      code: 'inconsistent_font',
      severity: 'high',
      message: 'On page 1, the account number 41011166 is drawn in DejaVuSansMono, a font no other text on the page uses.',
    }]])
  })

  it('when the PDF was created before its statement period ended, then the risk is High with created_before_period_end', async () => {
    const doc = await PDFDocument.load(printed!.genuine, { updateMetadata: false })
    doc.setCreationDate(new Date('2026-03-20T09:30:00Z'))
    doc.setModificationDate(new Date('2026-03-20T09:30:00Z'))
    const { latestRisk } = await upload(await doc.save())
    assert.deepEqual([latestRisk.riskRating, latestRisk.result.signals], [{ id: 3, name: 'High' }, [{
      code: 'created_before_period_end',
      severity: 'high',
      message: 'The PDF was created on 2026-03-20 09:30 UTC, before the end of the statement period it reports (01/03/2026 to 31/03/2026): a bank issues a statement after its period has ended.',
    }]])
  })
})
