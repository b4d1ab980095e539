import { facts, formatBytes, formatDate, h, table, type Child } from '../dom.ts'
import { caseDateOfBirth, caseName, ratingBadge, severityBadge, type Page } from '../context.ts'
import { documentPreview } from '../preview.ts'
import { documentTypeLabel } from './case.ts'
import type { Schemas } from '../../../client/src/index.ts'

type Check = Schemas['Check']
const FIELD_LABELS: Record<string, string> = {
  accountHolderName: 'Account holder', bankName: 'Bank', sortCode: 'Sort code', accountNumber: 'Account number', iban: 'IBAN', bic: 'BIC',
  statementPeriod: 'Statement period', currency: 'Currency', openingBalance: 'Opening balance', closingBalance: 'Closing balance',
}

let lastContent: { key: string, bytes: Uint8Array } | null = null

/** A document: its preview, extracted fields, risk signals and, for identity documents, the KYC result. */
export const documentPage: Page = async (ctx) => {
  const { caseId, documentId } = ctx.params as { caseId: number, documentId: number }
  const key = `${caseId}/${documentId}`
  const [doc, found, bytes] = await Promise.all([
    ctx.client.documents.get(caseId, documentId), ctx.client.cases.get(caseId),
    // A stored document's bytes never change: fetched once, not on every refresh while checks run.
    lastContent?.key === key ? lastContent.bytes : ctx.client.documents.content(caseId, documentId),
  ])
  lastContent = { key, bytes }
  const checks = [doc.latestExtraction, doc.latestRisk, doc.latestKyc]
  if (checks.some((c) => c?.status === 'pending')) ctx.refreshSoon()
  const isIdentity = doc.documentType === 'Passport' || doc.documentType === 'IdentityCard'

  return {
    title: doc.fileName,
    body: [
      h('p', {}, h('a', { href: `/app/cases/${caseId}` }, `« Case ${found.urn} (${caseName(found)})`)),
      h('div', { class: 'split' },
        h('section', { 'aria-labelledby': 'preview-heading' }, h('h2', { id: 'preview-heading' }, 'Preview'), documentPreview(bytes, doc.contentType, doc.fileName)),
        h('div', {},
          facts([['Type', documentTypeLabel(doc.documentType)], ['File type', doc.contentType], ['Size', formatBytes(doc.sizeBytes)],
            ['Pages', String(doc.pageCount)], ['Uploaded', formatDate(doc.createTs)], ['SHA-256', h('code', { class: 'hash' }, doc.sha256)]]),
          checkSection('risk', 'Risk signals', doc.latestRisk, caseId, riskResult),
          doc.documentType === 'BankStatement' || doc.latestExtraction ? checkSection('extraction', 'Extracted fields', doc.latestExtraction, caseId, (c) => extractionResult(c, caseId)) : null,
          isIdentity ? checkSection('kyc', 'KYC result', doc.latestKyc, caseId, (c) => kycResult(c, caseDateOfBirth(found))) : null)),
    ],
  }
}

function checkSection (id: string, title: string, check: Check | null, caseId: number, body: (check: Check) => Child): HTMLElement {
  const heading = h('h2', { id: `${id}-heading` }, title)
  if (!check) return h('section', { 'aria-labelledby': heading.id }, heading, h('p', { class: 'empty' }, 'No check of this kind has run on the document.'))
  return h('section', { 'aria-labelledby': heading.id, class: `check-${id}` }, heading,
    h('p', { class: 'check-line' }, ratingBadge(check.riskRating, check.status), ' ', h('a', { href: `/app/cases/${caseId}/checks/${check.id}` }, `${check.checkType} check #${check.id}`), ` · ${check.status}`),
    check.status === 'completed' ? body(check) : check.status === 'failed' ? h('p', { role: 'alert' }, check.failureReason ?? 'The check failed.') : h('p', {}, 'Running; this page updates by itself.'))
}

function signalList (signals: Array<{ code: string, severity: string, message: string }>): HTMLElement {
  if (signals.length === 0) return h('p', { class: 'empty' }, 'No risk signals.')
  return h('ul', { class: 'signals' }, signals.map((s) => h('li', {}, severityBadge(s.severity), ' ', h('code', {}, s.code), ': ', s.message)))
}

function riskResult (check: Check): Child {
  return signalList((check.result as Schemas['DocumentRiskResult']).signals)
}

function extractionResult (check: Check, caseId: number): Child {
  const result = check.result as Schemas['DocumentExtractionResult']
  const rows = Object.entries(result.fields).map(([name, read]) => {
    const value = read === null ? '—' : typeof read.value === 'string' ? read.value : `${read.value.start} to ${read.value.end}`
    return [FIELD_LABELS[name] ?? name, value, read === null ? 'not read' : `${Math.round(read.confidence * 100)}%`]
  })
  const account = result.bankAccount
  return [
    table(`Fields read from the statement (${result.method === 'ocr' ? 'by OCR' : 'from its text'})`, ['Field', 'Value', 'Confidence'], rows, { class: 'fields' }),
    h('p', {}, account.message, account.id ? [' ', h('a', { href: `/app/cases/${caseId}/bank-accounts` }, 'See the bank accounts')] : null),
  ]
}

const OUTCOME_TEXT: Record<string, string> = { match: '✓ Match', minor_difference: '◆ Minor difference', mismatch: '▲ Mismatch', not_on_case: 'Not on the case', unreadable: 'Unreadable' }

function kycResult (check: Check, _dob: string | null): Child {
  const { mrz, comparison, signals } = check.result as Schemas['KycResult']
  const outcome = (o: string) => h('span', { class: `outcome outcome-${o}` }, OUTCOME_TEXT[o] ?? o)
  return [
    table('Case and document compared', ['Field', 'On the case', 'On the document', 'Outcome'], [
      ['Surname', comparison.surname.onCase ?? '—', comparison.surname.onDocument, outcome(comparison.surname.outcome)],
      ['Given names', comparison.givenNames.onCase ?? '—', comparison.givenNames.onDocument, outcome(comparison.givenNames.outcome)],
      ['Date of birth', comparison.birthDate.onCase ?? '—', comparison.birthDate.onDocument ?? '—', outcome(comparison.birthDate.outcome)],
    ], { class: 'kyc-comparison' }),
    h('h3', {}, 'Signals'), signalList(signals),
    h('h3', {}, 'Machine-readable zone'),
    facts([
      ['Format', mrz.format], ['Check digits', mrz.valid ? 'All valid' : `Invalid: ${mrz.failedCheckDigits.join(', ')}`], ['Document number', mrz.documentNumber],
      ['Issuing state', mrz.issuingState], ['Nationality', mrz.nationality], ['Sex', mrz.sex], ['Date of birth', mrz.birthDate], ['Expires', mrz.expirationDate],
    ]),
  ]
}
