import { facts, field, formatBytes, formatDate, h, table } from '../dom.ts'
import { actionButton, caseDateOfBirth, caseName, ratingBadge, type Page, type PageContext } from '../context.ts'
import type { DocumentType, Schemas } from '../../../client/src/index.ts'

const DOCUMENT_TYPES: DocumentType[] = ['BankStatement', 'Passport', 'IdentityCard', 'DrivingLicence', 'ProofOfAddress', 'Other']
const TYPE_LABELS: Record<string, string> = {
  BankStatement: 'Bank statement', Passport: 'Passport', IdentityCard: 'Identity card', DrivingLicence: 'Driving licence', ProofOfAddress: 'Proof of address', Other: 'Other',
}
export const documentTypeLabel = (type: string) => TYPE_LABELS[type] ?? type

/** A case: its data, its checks at a glance, its documents (with the upload form) and a link to its bank accounts. */
export const casePage: Page = async (ctx) => {
  const caseId = ctx.params.caseId!
  const [found, checks, documents, bankAccounts] = await Promise.all([
    ctx.client.cases.get(caseId), ctx.client.checks.list(caseId), ctx.client.documents.list(caseId), ctx.client.bankAccounts.list(caseId),
  ])
  if (checks.some((c) => c.status === 'pending')) ctx.refreshSoon()
  const subject = (check: Schemas['Check']) => {
    if (check.subject.type === 'document') return h('a', { href: `/app/cases/${caseId}/documents/${check.subject.id}` }, `Document ${check.subject.id}`)
    if (check.subject.type === 'bankAccount') return h('a', { href: `/app/cases/${caseId}/bank-accounts` }, `Bank account ${check.subject.id}`)
    return 'The case'
  }
  const checkRows = checks.map((check) => [
    h('a', { href: `/app/cases/${caseId}/checks/${check.id}` }, `${check.checkType} #${check.id}`),
    subject(check), ratingBadge(check.riskRating, check.status), check.status, formatDate(check.createTs),
  ])
  const aml = checks.find((c) => c.checkType === 'AML' && c.status === 'completed' && c.riskRating && c.riskRating.id > 1)

  return {
    title: `Case ${found.urn}`,
    body: [
      facts([
        ['Name', caseName(found)], ['Type', found.type], ['Date of birth', caseDateOfBirth(found)],
        ['Address', [found.addressLine1, found.addressPostcode, found.addressCountryCode2].filter(Boolean).join(', ') || null],
        ['Registration number', found.entityRegistrationNumber], ['Created', formatDate(found.createdAt)], ['Case id', String(found.id)],
      ]),
      aml ? h('p', { class: 'callout' }, 'AML screening found possible matches: ', h('a', { href: `/app/cases/${caseId}/checks/${aml.id}` }, 'review the hits')) : null,
      h('section', { 'aria-labelledby': 'checks-heading' },
        h('h2', { id: 'checks-heading' }, 'Checks'),
        checks.length === 0 ? h('p', { class: 'empty' }, 'No checks yet.') : table('Checks of the case, newest first', ['Check', 'Subject', 'Rating', 'Status', 'Requested'], checkRows, { class: 'checks' }),
        h('p', { class: 'actions' }, actionButton('Screen again (AML)', async () => {
          const status = h('span')
          try {
            const check = await ctx.client.checks.request(caseId, { checkType: 'AML' })
            ctx.announce(`AML check ${check.id} requested.`)
            ctx.navigate(`/app/cases/${caseId}/checks/${check.id}`)
          } catch (err) { ctx.report(err, status); ctx.announce(status.textContent ?? '') }
        }))),
      h('section', { 'aria-labelledby': 'documents-heading' },
        h('h2', { id: 'documents-heading' }, 'Documents'),
        documents.length === 0
          ? h('p', { class: 'empty' }, 'No documents yet.')
          : table('Documents of the case, newest first', ['Document', 'Type', 'Size', 'Uploaded'], documents.map((d) => [
            h('a', { href: `/app/cases/${caseId}/documents/${d.id}` }, d.fileName), documentTypeLabel(d.documentType), formatBytes(d.sizeBytes), formatDate(d.createTs),
          ]), { class: 'documents' }),
        await uploadForm(ctx, caseId)),
      h('section', { 'aria-labelledby': 'bank-accounts-heading' },
        h('h2', { id: 'bank-accounts-heading' }, 'Bank accounts'),
        h('p', {}, `${bankAccounts.length} bank account${bankAccounts.length === 1 ? '' : 's'} on the case. `,
          h('a', { href: `/app/cases/${caseId}/bank-accounts` }, 'Bank accounts and their BAV history'))),
    ],
  }
}

async function uploadForm (ctx: PageContext, caseId: number): Promise<HTMLElement> {
  const file = h('input', { name: 'file', type: 'file', required: true, accept: '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg' })
  const type = h('select', { name: 'documentType' }, DOCUMENT_TYPES.map((t) => h('option', { value: t }, documentTypeLabel(t))))
  const error = h('p', { role: 'alert', class: 'error' })
  const submit = h('button', { type: 'submit' }, 'Upload')
  const form = h('form', { 'aria-labelledby': 'upload-heading' },
    field('upload-type', 'Document type', type), field('upload-file', 'File', file, 'A PDF, PNG or JPEG of at most 10 MB.'), error, submit)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const chosen = file.files?.[0]
    if (!chosen) { error.textContent = 'Choose a file to upload.'; return }
    submit.disabled = true
    error.textContent = ''
    try {
      const uploaded = await ctx.client.documents.upload(caseId, { documentType: type.value as DocumentType, file: chosen, fileName: chosen.name })
      ctx.announce(`${uploaded.fileName} uploaded; its checks are running.`)
      ctx.navigate(`/app/cases/${caseId}/documents/${uploaded.id}`)
    } catch (err) {
      ctx.report(err, error)
    } finally {
      submit.disabled = false
    }
  })
  return h('div', { class: 'upload' }, h('h3', { id: 'upload-heading' }, 'Upload a document'), form, await sampleList(ctx))
}

/** The sandbox's ready test files, to download and upload (absent in production, where the list is a 404). */
async function sampleList (ctx: PageContext): Promise<HTMLElement | null> {
  const { data } = await ctx.client.api.GET('/api/sandbox/sample-documents').catch(() => ({ data: undefined }))
  if (!data || data.length === 0) return null
  return h('details', { class: 'samples' },
    h('summary', {}, 'Sandbox sample files to try'),
    h('ul', {}, data.map((sample) => h('li', {},
      h('a', { href: `/api/sandbox/sample-documents/${encodeURIComponent(sample.name)}`, download: sample.name }, sample.name), `: ${sample.outcome}`))))
}
