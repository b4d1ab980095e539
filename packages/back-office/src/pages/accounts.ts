import { field, h, table } from '../dom.ts'
import { actionButton, type Page, type PageContext } from '../context.ts'
import type { Schemas } from '../../../client/src/index.ts'

/** A reseller's sub-accounts, with a credentials reset whose new secret is shown once, and a form for a new one. */
export const accountsPage: Page = async (ctx) => {
  const [accounts, services] = await Promise.all([ctx.client.accounts.list(), ctx.client.accounts.resellableServices()])
  const error = h('p', { role: 'alert', class: 'error' })
  const revealed = h('div', { 'aria-live': 'polite' })
  const list = h('div')
  const showList = () => list.replaceChildren(accounts.length === 0
    ? h('p', { class: 'empty' }, 'No sub-accounts.')
    : table('Your sub-accounts, oldest first', ['Name', 'Id', 'Services', 'Credentials'], accounts.map((account) => [
      account.name, String(account.id), account.enabledServices.map((s) => s.checkType).join(', ') || 'none', resetControl(ctx, account, revealed, error),
    ]), { class: 'accounts' }))
  showList()
  const onCreated = (created: Schemas['AccountWithCredentials'] & { created: boolean }) => {
    if (!accounts.some((a) => a.id === created.account.id)) accounts.push(created.account)
    showList()
    revealed.replaceChildren(created.created
      ? secretBox(`Credentials of ${created.account.name}`, created.credentials, created.securityWarning)
      : h('p', { class: 'notice' }, created.securityWarning))
    ctx.announce(`Sub-account ${created.account.name} ${created.created ? 'created; its secret is shown once' : 'already existed'}.`)
  }
  return {
    title: 'Sub-accounts',
    body: [
      h('p', {}, 'The accounts you created as a reseller for your customers. Only resellers create them; any other account sees none.'),
      error, revealed,
      list,
      newAccountForm(ctx, services, onCreated),
    ],
  }
}

function secretBox (title: string, credentials: { clientId: string, clientSecret: string }, warning: string): HTMLElement {
  const box: HTMLElement = h('div', { class: 'secret', role: 'region', 'aria-label': title },
    h('h2', {}, title),
    h('p', {}, h('strong', {}, warning)),
    h('dl', { class: 'facts' },
      h('div', {}, h('dt', {}, 'Client ID'), h('dd', {}, h('code', {}, credentials.clientId))),
      h('div', {}, h('dt', {}, 'Client secret'), h('dd', {}, h('code', { class: 'secret-value' }, credentials.clientSecret)))),
    h('button', { type: 'button', onclick: () => box.remove() }, 'I have stored it: hide the secret'))
  return box
}

function resetControl (ctx: PageContext, account: Schemas['Account'], revealed: HTMLElement, error: HTMLElement): HTMLElement {
  const cell = h('div', { class: 'reset' })
  const ask = () => cell.replaceChildren(h('button', { type: 'button', onclick: confirmStep, 'aria-label': `Reset credentials of ${account.name}` }, 'Reset credentials'))
  const confirmStep = () => {
    cell.replaceChildren(
      h('span', {}, 'The current secret stops working at once. '),
      actionButton('Yes, reset', async () => {
        try {
          const reset = await ctx.client.accounts.resetCredentials(account.id)
          revealed.replaceChildren(secretBox(`New credentials of ${account.name}`, reset, reset.securityWarning))
          revealed.querySelector('h2')?.setAttribute('tabindex', '-1')
          revealed.querySelector<HTMLElement>('h2')?.focus()
          ctx.announce(`The credentials of ${account.name} were reset; the new secret is shown once.`)
          ask()
        } catch (err) { ctx.report(err, error) }
      }, { class: 'danger', 'aria-label': `Yes, reset the credentials of ${account.name}` }), ' ',
      h('button', { type: 'button', onclick: ask }, 'Cancel'))
    cell.querySelector('button')?.focus()
  }
  ask()
  return cell
}

function newAccountForm (ctx: PageContext, services: Schemas['ServiceEntry'][], onCreated: (created: Schemas['AccountWithCredentials'] & { created: boolean }) => void): HTMLElement {
  const error = h('p', { role: 'alert', class: 'error' })
  const form = h('form', { 'aria-labelledby': 'new-account-heading' },
    field('account-name', 'Name', h('input', { name: 'name', required: true, autocomplete: 'off' })),
    field('account-reference', 'Your reference (optional)', h('input', { name: 'externalReference', autocomplete: 'off' }), 'Your id for the customer; makes a retried create safe.'),
    h('fieldset', {}, h('legend', {}, 'Services'), services.map((s) => h('div', { class: 'check' },
      h('input', { type: 'checkbox', name: 'services', value: s.serviceId, id: `service-${s.serviceId}` }), h('label', { for: `service-${s.serviceId}` }, `${s.checkType} (${s.provider})`)))),
    error, h('button', { type: 'submit' }, 'Create sub-account'))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const values = new FormData(form)
    const reference = String(values.get('externalReference') ?? '').trim()
    try {
      const created = await ctx.client.accounts.create({
        name: String(values.get('name') ?? '').trim(), enabledServices: values.getAll('services').map(Number), ...(reference ? { externalReference: reference } : {}),
      })
      form.reset()
      onCreated(created)
    } catch (err) { ctx.report(err, error) }
  })
  return h('section', { 'aria-labelledby': 'new-account-heading' }, h('h2', { id: 'new-account-heading' }, 'New sub-account'), form)
}
