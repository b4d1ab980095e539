import type { IdcheckClient } from '../../client/src/index.ts'
import { h, type Child } from './dom.ts'

/** What a page gets: the session's client, the path's ids, the query, and ways to move on. */
export interface PageContext {
  client: IdcheckClient
  params: Record<string, number>
  query: URLSearchParams
  navigate (path: string): void
  /** Shows the page again with fresh data (after an action). */
  refresh (): void
  /** Shows the page again in a moment while something is still running (a pending check). */
  refreshSoon (): void
  /** Announces a sentence to screen readers and shows it in the status line. */
  announce (message: string): void
  /** Shows an action's error in `target`, or the "session expired" page when the token was refused. */
  report (err: unknown, target: HTMLElement): void
}

export interface PageView { title: string, body: Child }

export type Page = (ctx: PageContext) => Promise<PageView>

/** Thrown by a page whose case, document, … the API answered 404 for. */
export class PageNotFound extends Error {}

/** A risk rating as text and colour (never colour alone), or the check's status while it has none. */
export function ratingBadge (rating: { id: number, name: string } | null | undefined, status?: string): HTMLElement {
  if (rating) {
    const level = rating.id >= 3 ? 'high' : rating.id === 2 ? 'medium' : 'low'
    const mark = level === 'high' ? '▲' : level === 'medium' ? '◆' : '✓'
    return h('span', { class: `badge badge-${level}` }, h('span', { 'aria-hidden': 'true' }, mark), ` ${rating.name} risk`)
  }
  if (status === 'failed') return h('span', { class: 'badge badge-failed' }, h('span', { 'aria-hidden': 'true' }, '✕'), ' Failed')
  return h('span', { class: 'badge badge-pending' }, h('span', { 'aria-hidden': 'true' }, '…'), ' Running')
}

export function severityBadge (severity: string): HTMLElement {
  const level = severity === 'high' ? 'high' : severity === 'medium' ? 'medium' : 'low'
  return h('span', { class: `badge badge-${level}` }, `${severity[0]?.toUpperCase()}${severity.slice(1)}`)
}

export function caseName (c: { type: string, givenNames: string | null, surname: string | null, entityName: string | null }): string {
  return c.type === 'Business' ? c.entityName ?? '—' : [c.givenNames, c.surname].filter(Boolean).join(' ') || '—'
}

export function caseDateOfBirth (c: { dobDay: number | null, dobMonth: number | null, dobYear: number | null }): string | null {
  if (!c.dobYear) return null
  const pad = (n: number | null) => n ? String(n).padStart(2, '0') : null
  return [String(c.dobYear), pad(c.dobMonth), pad(c.dobDay)].filter(Boolean).join('-')
}

/** A button that disables itself while its action runs, so a double click sends one request. */
export function actionButton (label: string, action: () => Promise<void>, attrs: Record<string, string> = {}): HTMLButtonElement {
  const button = h('button', { type: 'button', ...attrs }, label)
  button.addEventListener('click', async () => {
    button.disabled = true
    try { await action() } finally { button.disabled = false }
  })
  return button
}
