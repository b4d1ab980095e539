import { field, formatDate, h, table } from '../dom.ts'
import { actionButton, type Page } from '../context.ts'

const EVENTS = ['check.completed', 'check.failed', 'bank_account.bav_completed', 'bank_account.bav_failed', 'document.extracted', 'document.extraction_failed']

/** The account's webhook endpoints, and a form to register one (its signing secret is shown once). */
export const webhooksPage: Page = async (ctx) => {
  const endpoints = await ctx.client.webhooks.list()
  const error = h('p', { role: 'alert', class: 'error' })
  const secret = h('div', { 'aria-live': 'polite' })
  const url = h('input', { name: 'url', type: 'url', required: true, placeholder: 'https://example.com/idcheck/webhooks', spellcheck: 'false' })
  const events = h('fieldset', {}, h('legend', {}, 'Events'), EVENTS.map((event, i) => h('div', { class: 'check' },
    h('input', { type: 'checkbox', name: 'events', value: event, id: `event-${i}`, checked: event.startsWith('check.') }), h('label', { for: `event-${i}` }, event))))
  const form = h('form', { 'aria-labelledby': 'new-webhook-heading' }, field('webhook-url', 'URL', url), events, error, h('button', { type: 'submit' }, 'Register endpoint'))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    error.textContent = ''
    const chosen = new FormData(form).getAll('events').map(String)
    try {
      const created = await ctx.client.webhooks.create({ url: url.value.trim(), events: chosen as never })
      form.reset()
      secret.replaceChildren(h('div', { class: 'secret', role: 'region', 'aria-label': 'New signing secret' },
        h('p', {}, h('strong', {}, `Endpoint ${created.id} registered. Its signing secret is shown only now:`)),
        h('p', {}, h('code', { class: 'secret-value' }, created.secret)),
        h('p', {}, 'Store it in your receiver\'s configuration; idcheck cannot show it again.')))
      list.replaceChildren(endpointTable([...endpoints, created]))
      ctx.announce(`Endpoint ${created.id} registered; copy its signing secret now.`)
    } catch (err) { ctx.report(err, error) }
  })
  const list = h('div', {}, endpoints.length === 0 ? h('p', { class: 'empty' }, 'No webhook endpoints yet.') : endpointTable(endpoints))
  return {
    title: 'Webhooks',
    body: [list, secret, h('section', { 'aria-labelledby': 'new-webhook-heading' }, h('h2', { id: 'new-webhook-heading' }, 'Register an endpoint'), form)],
  }
}

function endpointTable (endpoints: Array<{ id: number, url: string, events: string[], createdAt: string }>): HTMLElement {
  return table('Webhook endpoints, oldest first', ['Endpoint', 'Events', 'Registered'], endpoints.map((e) => [
    h('a', { href: `/app/webhooks/${e.id}` }, e.url), e.events.join(', '), formatDate(e.createdAt),
  ]), { class: 'webhooks' })
}

/** One endpoint's delivery log (50 most recent), each delivery's attempts, and a retry button per delivery. */
export const webhookPage: Page = async (ctx) => {
  const webhookId = ctx.params.webhookId!
  const [endpoint, deliveries] = await Promise.all([ctx.client.webhooks.get(webhookId), ctx.client.webhooks.deliveries(webhookId)])
  if (deliveries.some((d) => d.status === 'pending' && d.attemptCount === 0)) ctx.refreshSoon()
  const error = h('p', { role: 'alert', class: 'error' })
  const sendTest = actionButton('Send a test event', async () => {
    try {
      const queued = await ctx.client.webhooks.sendTest(webhookId)
      ctx.announce(`Test delivery ${queued.deliveryId} queued.`)
      ctx.refreshSoon()
    } catch (err) { ctx.report(err, error) }
  })
  const rows = deliveries.map((d) => {
    const last = d.attempts[0]
    const retry = actionButton('Retry now', async () => {
      try {
        const queued = await ctx.client.webhooks.retryDelivery(webhookId, d.id)
        ctx.announce(`Delivery ${queued.deliveryId} sent again.`)
        ctx.refreshSoon()
      } catch (err) { ctx.report(err, error) }
    }, { 'aria-label': `Retry delivery ${d.id} now` })
    const attempts = d.attempts.length === 0 ? 'none yet' : h('details', {},
      h('summary', {}, `${d.attemptCount} attempt${d.attemptCount === 1 ? '' : 's'}`),
      h('ol', { reversed: true }, d.attempts.map((a) => h('li', {},
        `#${a.attemptNumber} ${formatDate(a.createdAt)}: ${a.statusCode ?? 'no answer'}`, a.error ? ` (${a.error})` : '', ` in ${a.durationMs} ms`,
        a.responseBody ? h('pre', {}, a.responseBody) : null))))
    return [String(d.id), d.eventType, h('span', { class: `delivery delivery-${d.status}` }, d.status),
      last ? `${last.statusCode ?? 'no answer'}${last.error ? `: ${last.error}` : ''}` : '—', attempts, formatDate(d.nextAttemptAt), formatDate(d.createdAt), retry]
  })
  return {
    title: `Webhook ${endpoint.url}`,
    body: [
      h('p', {}, h('a', { href: '/app/webhooks' }, '« Webhook endpoints')),
      h('p', {}, `Events: ${endpoint.events.join(', ')}. `, sendTest, ' ', actionButton('Refresh', async () => ctx.refresh())),
      error,
      deliveries.length === 0 ? h('p', { class: 'empty' }, 'No deliveries yet.')
        : table('Delivery log, newest first', ['Delivery', 'Event', 'Status', 'Last answer', 'Attempts', 'Next attempt', 'Created', 'Action'], rows, { class: 'deliveries' }),
    ],
  }
}
