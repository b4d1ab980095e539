// A few lines of DOM building instead of a UI library (docs/decisions.md, "Back office").

export type Child = Node | string | number | null | undefined | false | Child[]
type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void)

/** An element with attributes (on* names add listeners; true sets an empty attribute; false/null/undefined skip it) and children. */
export function h<K extends keyof HTMLElementTagNameMap> (tag: K, attrs: Record<string, AttrValue> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  append(el, children)
  return el
}

export function append (parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    if (Array.isArray(child)) append(parent, child)
    else parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child)
  }
}

/** Replaces an element's children. */
export function replace (parent: Element, ...children: Child[]): void {
  parent.replaceChildren()
  append(parent, children)
}

/** A definition list of label → value pairs; empty values show as a dash. */
export function facts (pairs: Array<[string, Child]>): HTMLDListElement {
  return h('dl', { class: 'facts' }, pairs.map(([label, value]) => h('div', {}, h('dt', {}, label), h('dd', {}, value ?? '—'))))
}

/** A table with a caption (read by screen readers), wrapped so it scrolls sideways on a phone. */
export function table (caption: string, headers: string[], rows: Child[][], attrs: Record<string, string> = {}): HTMLElement {
  return h('div', { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
    h('table', attrs,
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, headers.map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((cell) => h('td', {}, cell)))))))
}

export function formatDate (iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'
}

export function formatBytes (bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A labelled form field: label, control, and an optional hint tied to it by aria-describedby. */
export function field (id: string, label: string, control: HTMLElement, hint?: string): HTMLElement {
  control.id = id
  if (hint) control.setAttribute('aria-describedby', `${id}-hint`)
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null)
}
