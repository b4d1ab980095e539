import { h, replace } from './dom.ts'
import { PageNotFound, type Page, type PageContext, type PageView } from './context.ts'
import { matchRoute, type PageName } from '../../../src/modules/back-office/page-paths.ts'
import { endSession, errorText, hasExpired, isSessionEnd, readSession, sessionClient, IdcheckApiError } from './session.ts'
import { signInPage } from './pages/sign-in.ts'
import { casesPage } from './pages/cases.ts'
import { casePage } from './pages/case.ts'
import { documentPage } from './pages/document.ts'
import { bankAccountsPage } from './pages/bank-accounts.ts'
import { checkPage } from './pages/check.ts'
import { webhooksPage, webhookPage } from './pages/webhooks.ts'
import { accountsPage } from './pages/accounts.ts'

const PAGES: Record<Exclude<PageName, 'home' | 'signIn'>, Page> = {
  cases: casesPage, case: casePage, document: documentPage, bankAccounts: bankAccountsPage, check: checkPage,
  webhooks: webhooksPage, webhook: webhookPage, accounts: accountsPage,
}
const POLL_MS = 1500
const MAX_POLLS = 40

const root = document.getElementById('app')!
let generation = 0
let polls = 0

function navigate (path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path)
  else history.pushState(null, '', path)
  polls = 0
  void render(true)
}

function notFoundView (): PageView {
  return {
    title: 'Page not found',
    body: [h('p', {}, 'There is nothing at this address, or it is not yours.'), h('p', {}, h('a', { href: '/app/cases' }, 'Go to the cases'))],
  }
}

function expiredView (): HTMLElement {
  return h('main', { id: 'main', class: 'narrow' },
    h('h1', { tabindex: -1 }, 'Your session has expired'),
    h('p', {}, 'The access token is no longer accepted: tokens last an hour, and a credentials reset revokes them at once. Nothing was changed by the last action.'),
    h('p', {}, h('a', { href: '/app/sign-in', class: 'button' }, 'Sign in again')))
}

function shell (main: HTMLElement, clientId: string): HTMLElement[] {
  const here = location.pathname
  const link = (href: string, label: string) => h('li', {}, h('a', { href, 'aria-current': here.startsWith(href) ? 'page' : null }, label))
  const signOut = h('button', { type: 'button', class: 'link-button', onclick: () => { endSession('signed-out'); navigate('/app/sign-in?signed-out=1') } }, 'Sign out')
  return [
    h('a', { href: '#main', class: 'skip-link' }, 'Skip to content'),
    h('header', { class: 'top' },
      h('a', { href: '/app/cases', class: 'brand' }, 'idcheck back office'),
      h('nav', { 'aria-label': 'Main' }, h('ul', {}, link('/app/cases', 'Cases'), link('/app/webhooks', 'Webhooks'), link('/app/accounts', 'Sub-accounts'))),
      h('p', { class: 'who' }, h('span', { class: 'visually-hidden' }, 'Signed in as '), h('span', { title: clientId }, `${clientId.slice(0, 8)}…`), ' ', signOut)),
    main,
    h('p', { role: 'status', id: 'status', class: 'status' }),
  ]
}

function announce (message: string): void {
  const status = document.getElementById('status')
  if (status) status.textContent = message
}

async function render (moved: boolean): Promise<void> {
  const mine = ++generation
  const route = matchRoute(location.pathname)
  if (route?.page === 'signIn') {
    const view = signInPage({ navigate, query: new URLSearchParams(location.search) })
    return show(view.title, [view.main], moved)
  }
  const session = readSession()
  if (!session) {
    if (hasExpired()) return show('Session expired', [expiredView()], moved)
    if (route) return navigate(`/app/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true })
    const view = notFoundView()
    return show(view.title, [h('main', { id: 'main', class: 'narrow' }, h('h1', { tabindex: -1 }, view.title), view.body)], moved)
  }
  if (route?.page === 'home') return navigate('/app/cases', { replace: true })

  const client = sessionClient()
  const ctx: PageContext = {
    client, params: route?.params ?? {}, query: new URLSearchParams(location.search), navigate,
    refresh: () => { polls = 0; void render(false) },
    refreshSoon: () => {
      if (polls >= MAX_POLLS) return
      setTimeout(() => { if (mine === generation) { polls++; void render(false) } }, POLL_MS)
    },
    announce,
    report: (err, target) => {
      if (isSessionEnd(err)) void render(true)
      else target.textContent = errorText(err)
    },
  }
  let view: PageView
  try {
    view = route ? await PAGES[route.page as keyof typeof PAGES](ctx) : notFoundView()
  } catch (err) {
    if (mine !== generation) return
    if (isSessionEnd(err)) return show('Session expired', [expiredView()], true)
    if (err instanceof PageNotFound || (err instanceof IdcheckApiError && err.status === 404)) view = notFoundView()
    else view = { title: 'Something went wrong', body: [h('p', { role: 'alert' }, errorText(err)), h('p', {}, h('a', { href: location.pathname }, 'Try again'))] }
  }
  if (mine !== generation) return
  // A refresh in place must not take away what the user is typing, nor the keyboard focus from the control it is on.
  const focused = document.activeElement
  if (!moved && focused && root.contains(focused) && focused.matches('input, select, textarea')) {
    ctx.refreshSoon()
    return
  }
  const focusedKey = !moved && focused && root.contains(focused) ? focusKey(focused) : null
  const main = h('main', { id: 'main' }, h('h1', { tabindex: -1 }, view.title), view.body)
  show(view.title, shell(main, session?.clientId ?? ''), moved)
  if (focusedKey) [...root.querySelectorAll<HTMLElement>('a, button, summary, [tabindex]')].find((el) => focusKey(el) === focusedKey)?.focus()
}

const focusKey = (el: Element) => el.id ? `#${el.id}` : `${el.tagName}|${el.getAttribute('aria-label') ?? el.textContent}|${el.getAttribute('href') ?? ''}`

function show (title: string, nodes: HTMLElement[], moved: boolean): void {
  const status = document.getElementById('status')?.textContent ?? ''
  document.title = `${title} · idcheck back office`
  replace(root, nodes)
  if (!moved) {
    const again = document.getElementById('status')
    if (again) again.textContent = status
    return
  }
  root.querySelector<HTMLElement>('h1')?.focus()
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest('a')
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  if (link.target || link.hasAttribute('download') || link.origin !== location.origin || !link.pathname.startsWith('/app')) return
  event.preventDefault()
  navigate(link.pathname + link.search)
})
window.addEventListener('popstate', () => void render(true))
void render(true)
