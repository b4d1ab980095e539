import { formatDate, h, table } from '../dom.ts'
import { actionButton, caseName, ratingBadge, type Page } from '../context.ts'

const sortCode = (code: string) => code.replace(/^(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3')

/** The case's bank accounts, each with its latest BAV result and its whole BAV history. */
export const bankAccountsPage: Page = async (ctx) => {
  const caseId = ctx.params.caseId!
  const [found, accounts] = await Promise.all([ctx.client.cases.get(caseId), ctx.client.bankAccounts.list(caseId)])
  if (accounts.some((a) => a.latestBavAttempt === null)) ctx.refreshSoon()
  const error = h('p', { role: 'alert', class: 'error' })
  return {
    title: `Bank accounts of case ${found.urn}`,
    body: [
      h('p', {}, h('a', { href: `/app/cases/${caseId}` }, `« Case ${found.urn} (${caseName(found)})`)),
      error,
      accounts.length === 0 ? h('p', { class: 'empty' }, 'No bank accounts on this case. A bank statement uploaded to the case adds the account it shows.') : null,
      accounts.map((account) => {
        const headingId = `bank-account-${account.id}`
        return h('section', { 'aria-labelledby': headingId, class: 'bank-account' },
          h('h2', { id: headingId }, `${[account.firstName, account.middleNames, account.lastName].filter(Boolean).join(' ')}: ${sortCode(account.sortCode)} ${account.accountNumber}`),
          h('p', { class: 'check-line' }, 'Latest BAV: ', account.latestBavAttempt ? ratingBadge(account.latestBavAttempt.riskRating) : ratingBadge(null, 'pending'),
            ` · ${account.bankName ?? 'bank unknown'}`,
            account.documentId ? [' · from ', h('a', { href: `/app/cases/${caseId}/documents/${account.documentId}` }, `document ${account.documentId}`)] : null),
          account.bavAttemptHistory.length === 0
            ? h('p', { class: 'empty' }, 'No BAV result yet.')
            : table(`BAV history of bank account ${account.id}, newest first`, ['Check', 'When', 'Bank', 'Rating'], account.bavAttemptHistory.map((attempt) => [
              h('a', { href: `/app/cases/${caseId}/checks/${attempt.id}` }, `BAV #${attempt.id}`), formatDate(attempt.createTs), attempt.bankName ?? '—', ratingBadge(attempt.riskRating),
            ]), { class: 'bav-history' }),
          h('p', { class: 'actions' }, actionButton('Verify again (BAV)', async () => {
            try {
              await ctx.client.bankAccounts.requestBavCheck(caseId, account.id)
              ctx.announce(`A new BAV check of bank account ${account.id} was requested.`)
              ctx.refreshSoon()
            } catch (err) { ctx.report(err, error) }
          }, { 'aria-describedby': headingId })))
      }),
    ],
  }
}
