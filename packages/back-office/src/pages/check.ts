import { facts, formatDate, h, type Child } from '../dom.ts'
import { actionButton, caseDateOfBirth, caseName, ratingBadge, type Page, type PageContext } from '../context.ts'
import type { Schemas } from '../../../client/src/index.ts'

type Hit = Schemas['AmlResult']['hits'][number]
type Decision = 'false_positive' | 'true_positive'

/** The case's decisions by listed entry (source and id): read from the API, updated as the analyst decides. */
type Decided = Map<string, Decision>
const entryKey = (hit: { source: string, entityId: string }) => `${hit.source} ${hit.entityId}`

/** A check: its rating and result; for AML, each hit beside the case's data with dismiss / confirm. */
export const checkPage: Page = async (ctx) => {
  const { caseId, checkId } = ctx.params as { caseId: number, checkId: number }
  const [check, found] = await Promise.all([ctx.client.checks.get(caseId, checkId), ctx.client.cases.get(caseId)])
  if (check.status === 'pending') ctx.refreshSoon()
  const subjectLink = check.subject.type === 'document'
    ? h('a', { href: `/app/cases/${caseId}/documents/${check.subject.id}` }, `Document ${check.subject.id}`)
    : check.subject.type === 'bankAccount' ? h('a', { href: `/app/cases/${caseId}/bank-accounts` }, `Bank account ${check.subject.id}`) : 'The case'
  let result: Child = null
  if (check.status === 'failed') result = h('p', { role: 'alert' }, check.failureReason ?? 'The check failed.')
  else if (check.status === 'pending') result = h('p', {}, 'Running; this page updates by itself.')
  else if (check.checkType === 'AML') {
    const decisions = await ctx.client.checks.hitDecisions(caseId)
    result = amlResult(ctx, check, found, new Map(decisions.map((d) => [entryKey(d), d.decision])))
  }
  else if (check.checkType === 'BAV') {
    const bav = check.result as Schemas['BavCheckResult']
    result = facts([['Bank', bav.bankName], ['Modulus check', bav.modulus ?? null], ['Account holder', bav.holder?.message ?? null]])
  } else result = h('p', {}, 'The findings are on the document page: ', subjectLink)

  return {
    title: `${check.checkType} check #${check.id}`,
    body: [
      h('p', {}, h('a', { href: `/app/cases/${caseId}` }, `« Case ${found.urn} (${caseName(found)})`)),
      facts([['Rating', ratingBadge(check.riskRating, check.status)], ['Status', check.status], ['Subject', subjectLink],
        ['Requested', formatDate(check.createTs)], ['Completed', formatDate(check.completedTs)]]),
      h('section', { 'aria-labelledby': 'result-heading' }, h('h2', { id: 'result-heading' }, 'Result'), result),
    ],
  }
}

function amlResult (ctx: PageContext, check: Schemas['Check'], found: Schemas['Case'], decided: Decided): Child {
  const aml = check.result as Schemas['AmlResult']
  const lists = h('p', { class: 'hint' }, `Screened against: ${aml.lists.map((l) => `${l.source} (imported ${formatDate(l.importedAt)})`).join(', ') || 'no list'}.`)
  if (aml.hits.length === 0) return [h('p', {}, 'No match: nobody on the lists resembles this case.'), lists]
  const screenAgain = actionButton('Screen again now', async () => {
    try {
      const next = await ctx.client.checks.request(check.caseId, { checkType: 'AML' })
      ctx.navigate(`/app/cases/${check.caseId}/checks/${next.id}`)
    } catch (err) { ctx.report(err, error) }
  })
  const error = h('p', { role: 'alert', class: 'error' })
  return [
    h('p', {}, `${aml.hits.length} possible match${aml.hits.length === 1 ? '' : 'es'}. Compare each with the case, then dismiss it (not this ${found.type === 'Business' ? 'business' : 'person'}: later screenings of the case leave it out) or confirm it.`),
    error,
    aml.hits.map((hit) => hitCard(ctx, check, found, hit, error, decided)),
    h('p', { class: 'actions' }, screenAgain, ' ', h('span', { class: 'hint' }, 'A new screening leaves out the hits dismissed here.')),
    lists,
  ]
}

function hitCard (ctx: PageContext, check: Schemas['Check'], found: Schemas['Case'], hit: Hit, error: HTMLElement, decided: Decided): HTMLElement {
  const key = entryKey(hit)
  const headingId = `hit-${hit.id}`
  const state = h('p', { class: 'decision', 'aria-live': 'polite' })
  const showDecision = () => {
    const decision = decided.get(key)
    state.textContent = decision === 'false_positive' ? 'Dismissed: recorded as a false positive.' : decision === 'true_positive' ? 'Confirmed: recorded as a true positive.' : 'Not decided yet.'
    state.className = `decision decision-${decision ?? 'open'}`
    dismiss.setAttribute('aria-pressed', String(decision === 'false_positive'))
    confirm.setAttribute('aria-pressed', String(decision === 'true_positive'))
  }
  const decide = (decision: Decision) => async () => {
    error.textContent = ''
    try {
      await ctx.client.checks.decideHit(check.caseId, check.id, hit.id, decision)
      decided.set(key, decision)
      showDecision()
      ctx.announce(`Hit ${hit.name} ${decision === 'false_positive' ? 'dismissed as a false positive' : 'confirmed as a true positive'}.`)
    } catch (err) { ctx.report(err, error) }
  }
  const dismiss = actionButton('Dismiss (false positive)', decide('false_positive'), { 'aria-describedby': headingId })
  const confirm = actionButton('Confirm (true positive)', decide('true_positive'), { 'aria-describedby': headingId, class: 'danger' })
  showDecision()
  const country = found.addressCountryCode2
  return h('article', { class: 'hit', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, `${hit.name} (${hit.topics.join(', ') || 'listed'}, score ${hit.score.toFixed(2)})`),
    h('div', { class: 'side-by-side' },
      h('section', { 'aria-label': 'On the case' }, h('h4', {}, 'On the case'),
        facts([['Name', caseName(found)], ['Date of birth', caseDateOfBirth(found)], ['Country', country]])),
      h('section', { 'aria-label': 'On the list' }, h('h4', {}, 'On the list'),
        facts([['Name', hit.matchedName === hit.name ? hit.name : `${hit.name} (matched as ${hit.matchedName})`], ['Dates of birth', hit.birthDates.join(', ') || null],
          ['Countries', hit.countries.map((c) => c.toUpperCase()).join(', ') || null], ['Topics', hit.topics.join(', ') || null], ['Entry', `${hit.source}: ${hit.entityId}`]]))),
    h('p', { class: 'explanation' }, hit.explanation),
    h('div', { class: 'actions' }, dismiss, ' ', confirm), state)
}
