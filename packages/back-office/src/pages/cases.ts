import { field, formatDate, h, table } from '../dom.ts'
import { caseName, type Page } from '../context.ts'
import type { CreateCaseBody } from '../../../client/src/index.ts'

const PAGE_SIZES = ['10', '20', '50', '100']

/** Cases, newest first: search by URN, pages by the API's Link header, and a form for a new case. */
export const casesPage: Page = async (ctx) => {
  const urn = ctx.query.get('urn')?.trim() || undefined
  const limit = PAGE_SIZES.includes(ctx.query.get('limit') ?? '') ? Number(ctx.query.get('limit')) : 20
  const before = Number(ctx.query.get('before')) > 0 ? Number(ctx.query.get('before')) : undefined
  const { data, response } = await ctx.client.api.GET('/api/cases', { params: { query: { urn, limit, before } } })
  if (!data) throw new Error(`The cases could not be listed (${response.status}).`)
  const next = /before=(\d+)/.exec(response.headers.get('link') ?? '')?.[1]
  const pageLink = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(Object.entries({ urn, limit: limit === 20 ? undefined : String(limit), ...params }).filter((e): e is [string, string] => e[1] !== undefined))
    return `/app/cases${search.size ? `?${search}` : ''}`
  }

  const search = h('form', { class: 'inline-form', role: 'search', 'aria-label': 'Search cases' },
    field('urn', 'URN', h('input', { name: 'urn', type: 'search', value: urn ?? '', spellcheck: 'false' }), 'Your reference for the case, exactly.'),
    field('limit', 'Per page', h('select', { name: 'limit' }, PAGE_SIZES.map((size) => h('option', { value: size, selected: Number(size) === limit }, size)))),
    h('button', { type: 'submit' }, 'Search'),
    urn ? h('a', { href: '/app/cases' }, 'Show all cases') : null)
  search.addEventListener('submit', (event) => {
    event.preventDefault()
    const form = new FormData(search)
    const value = String(form.get('urn') ?? '').trim()
    const size = String(form.get('limit'))
    const params = new URLSearchParams(Object.entries({ urn: value || undefined, limit: size === '20' ? undefined : size }).filter((e): e is [string, string] => e[1] !== undefined))
    ctx.navigate(`/app/cases${params.size ? `?${params}` : ''}`)
  })

  const rows = data.map((c) => [h('a', { href: `/app/cases/${c.id}` }, c.urn), caseName(c), c.type, formatDate(c.createdAt)])
  const list = data.length === 0
    ? h('p', { class: 'empty' }, urn ? `No case has the URN “${urn}”.` : 'No cases yet: create one below.')
    : table(before ? 'Cases (older page), newest first' : 'Cases, newest first', ['URN', 'Name', 'Type', 'Created'], rows, { class: 'cases' })
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages of cases' },
    before ? h('a', { href: pageLink({}) }, '« Newest cases') : null,
    next ? h('a', { href: pageLink({ before: next }), rel: 'next' }, 'Older cases »') : null)

  return { title: 'Cases', body: [search, list, pager, newCaseForm(ctx)] }
}

function newCaseForm (ctx: Parameters<Page>[0]): HTMLElement {
  const type = h('select', { name: 'type' }, h('option', { value: 'Person' }, 'Person'), h('option', { value: 'Business' }, 'Business'))
  const person = h('fieldset', { class: 'person-fields' }, h('legend', {}, 'Person'),
    field('new-given-names', 'Given names', h('input', { name: 'givenNames', autocomplete: 'off' })),
    field('new-surname', 'Surname', h('input', { name: 'surname', autocomplete: 'off' })),
    field('new-dob', 'Date of birth', h('input', { name: 'dob', type: 'date' })))
  const business = h('fieldset', { class: 'business-fields', hidden: true }, h('legend', {}, 'Business'),
    field('new-entity-name', 'Entity name', h('input', { name: 'entityName', autocomplete: 'off' })),
    field('new-registration', 'Registration number', h('input', { name: 'entityRegistrationNumber', autocomplete: 'off' })))
  type.addEventListener('change', () => { person.hidden = type.value !== 'Person'; business.hidden = type.value !== 'Business' })
  const error = h('p', { role: 'alert', class: 'error' })
  const form = h('form', { 'aria-labelledby': 'new-case-heading' },
    field('new-urn', 'URN', h('input', { name: 'urn', required: true, autocomplete: 'off' }), 'Your reference for the case.'),
    field('new-type', 'Type', type), person, business,
    field('new-country', 'Country (ISO code)', h('input', { name: 'addressCountryCode2', maxlength: 2, autocomplete: 'off', placeholder: 'GB' })),
    error, h('button', { type: 'submit' }, 'Create case'))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const values = new FormData(form)
    const text = (name: string) => String(values.get(name) ?? '').trim() || null
    const [year, month, day] = (text('dob') ?? '').split('-').map(Number)
    const body: CreateCaseBody = type.value === 'Person'
      ? { urn: text('urn') ?? '', type: 'Person', givenNames: text('givenNames'), surname: text('surname'), dobYear: year || null, dobMonth: month || null, dobDay: day || null, addressCountryCode2: text('addressCountryCode2') }
      : { urn: text('urn') ?? '', type: 'Business', entityName: text('entityName'), entityRegistrationNumber: text('entityRegistrationNumber'), addressCountryCode2: text('addressCountryCode2') }
    try {
      const created = await ctx.client.cases.create(body)
      ctx.announce(`Case ${created.urn} created.`)
      ctx.navigate(`/app/cases/${created.id}`)
    } catch (err) {
      ctx.report(err, error)
    }
  })
  return h('section', { 'aria-labelledby': 'new-case-heading' }, h('h2', { id: 'new-case-heading' }, 'New case'), form)
}
