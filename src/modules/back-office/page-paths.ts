// The back office's pages, shared by the browser's router and the server (which answers 404 for any other path under /app).

export type PageName = 'home' | 'signIn' | 'cases' | 'case' | 'document' | 'bankAccounts' | 'check' | 'webhooks' | 'webhook' | 'accounts'

export interface RouteMatch { page: PageName, params: Record<string, number> }

const PATTERNS: Array<[PageName, RegExp, string[]]> = [
  ['home', /^\/app\/?$/, []],
  ['signIn', /^\/app\/sign-in$/, []],
  ['cases', /^\/app\/cases$/, []],
  ['case', /^\/app\/cases\/(\d+)$/, ['caseId']],
  ['document', /^\/app\/cases\/(\d+)\/documents\/(\d+)$/, ['caseId', 'documentId']],
  ['bankAccounts', /^\/app\/cases\/(\d+)\/bank-accounts$/, ['caseId']],
  ['check', /^\/app\/cases\/(\d+)\/checks\/(\d+)$/, ['caseId', 'checkId']],
  ['webhooks', /^\/app\/webhooks$/, []],
  ['webhook', /^\/app\/webhooks\/(\d+)$/, ['webhookId']],
  ['accounts', /^\/app\/accounts$/, []],
]

/** The page a path shows, or null (the 404 page). Ids must be positive integers within the API's range. */
export function matchRoute (pathname: string): RouteMatch | null {
  for (const [page, pattern, names] of PATTERNS) {
    const found = pattern.exec(pathname.replace(/\/+$/, '') || '/app')
    if (!found) continue
    const params: Record<string, number> = {}
    let valid = true
    names.forEach((name, i) => {
      const value = Number(found[i + 1])
      if (!Number.isSafeInteger(value) || value < 1 || value > 2147483647) valid = false
      params[name] = value
    })
    if (valid) return { page, params }
  }
  return null
}
