import { field, h } from '../dom.ts'
import { signIn } from '../session.ts'

/** The sign-in form: clientId and clientSecret, exchanged for a token; the secret is not kept. */
export function signInPage ({ navigate, query }: { navigate: (path: string) => void, query: URLSearchParams }): { title: string, main: HTMLElement } {
  const clientId = h('input', { name: 'clientId', autocomplete: 'username', required: true, spellcheck: 'false' })
  const clientSecret = h('input', { name: 'clientSecret', type: 'password', autocomplete: 'current-password', required: true })
  const error = h('p', { role: 'alert', class: 'error' })
  const submit = h('button', { type: 'submit' }, 'Sign in')
  const form = h('form', { 'aria-label': 'Sign in' },
    field('client-id', 'Client ID', clientId),
    field('client-secret', 'Client secret', clientSecret, 'Shown once when the account was made (the demo reseller\'s are printed at the first start and kept in data/demo-reseller.json). Sent once to get a token, never stored.'),
    error, submit)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    submit.disabled = true
    error.textContent = ''
    try {
      const result = await signIn(clientId.value.trim(), clientSecret.value)
      clientSecret.value = ''
      if ('error' in result) {
        error.textContent = result.error
        clientSecret.focus()
        return
      }
      const next = query.get('next')
      navigate(next && next.startsWith('/app/') ? next : '/app/cases')
    } catch (err) {
      error.textContent = `The service could not be reached: ${err instanceof Error ? err.message : String(err)}`
    } finally {
      submit.disabled = false
    }
  })
  const notice = query.has('signed-out') ? h('p', { class: 'notice', role: 'status' }, 'You are signed out.') : null
  return {
    title: 'Sign in',
    main: h('main', { id: 'main', class: 'narrow' },
      h('p', { class: 'brand' }, 'idcheck back office'),
      h('h1', { tabindex: -1 }, 'Sign in'), notice,
      h('p', {}, 'Sign in with an account\'s API credentials to review its cases, documents, checks and webhooks.'),
      form),
  }
}
