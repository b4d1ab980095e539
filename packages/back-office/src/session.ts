import createClient from 'openapi-fetch'
import { createIdcheckClient, IdcheckApiError, IdcheckAuthenticationError, type IdcheckClient, type paths } from '../../client/src/index.ts'

/**
 * The signed-in tab's session: the access token and when it expires, in sessionStorage (this tab
 * only, gone when it closes). The clientSecret is sent once to POST /api/authenticate and kept
 * nowhere.
 */
export interface Session { accessToken: string, expiresAt: number, clientId: string }

const KEY = 'idcheck.back-office.session'
const EXPIRED_KEY = 'idcheck.back-office.expired'

export function readSession (): Session | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null
    return stored && typeof stored.accessToken === 'string' ? stored : null
  } catch {
    return null
  }
}

/** True when the last session ended because the token expired or was refused (not by signing out). */
export const hasExpired = () => sessionStorage.getItem(EXPIRED_KEY) === '1'

export function endSession (reason: 'signed-out' | 'expired'): void {
  sessionStorage.removeItem(KEY)
  if (reason === 'expired') sessionStorage.setItem(EXPIRED_KEY, '1')
  else sessionStorage.removeItem(EXPIRED_KEY)
}

/** Exchanges the credentials for a token; the error message to show when they are refused. */
export async function signIn (clientId: string, clientSecret: string): Promise<{ session: Session } | { error: string }> {
  const api = createClient<paths>({ baseUrl: location.origin })
  const sentAt = Date.now()
  const { data, error, response } = await api.POST('/api/authenticate', { body: { clientId, clientSecret } })
  if (data) {
    const session = { accessToken: data.accessToken, expiresAt: sentAt + data.expires * 1000, clientId }
    sessionStorage.setItem(KEY, JSON.stringify(session))
    sessionStorage.removeItem(EXPIRED_KEY)
    return { session }
  }
  return { error: errorText(new IdcheckApiError('POST', '/api/authenticate', response, error)) }
}

/**
 * The typed client of packages/client for this session. Its transport asks POST /api/authenticate
 * for a token; that one request is answered here from the session (the secret is not in the tab),
 * so a token the server refuses (expired, revoked) ends the session and the call throws
 * IdcheckAuthenticationError, which the app shows as the "session expired" page.
 */
export function sessionClient (): IdcheckClient {
  const sessionFetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname === '/api/authenticate') {
      const session = readSession()
      if (!session || session.expiresAt <= Date.now()) {
        if (session) endSession('expired')
        return Response.json({ title: 'Unauthorized', status: 401, detail: 'The session has expired.' }, { status: 401 })
      }
      return Response.json({ accessToken: session.accessToken, expires: Math.floor((session.expiresAt - Date.now()) / 1000) })
    }
    const res = await fetch(request)
    if (res.status === 401) endSession('expired')
    return res
  }
  // The transport never sends these: its only authenticate request is answered above.
  return createIdcheckClient({ baseUrl: location.origin, clientId: 'back-office', clientSecret: 'not-used', fetch: sessionFetch, renewBeforeMs: 0 })
}

export const isSessionEnd = (err: unknown) => err instanceof IdcheckAuthenticationError

/** A sentence for an error the API (or the network) gave. */
export function errorText (err: unknown): string {
  if (err instanceof IdcheckApiError) {
    const body = err.body as { detail?: string, duplicateId?: number } | undefined
    if (err.messages.length > 0) return err.messages.join(' ')
    if (body && typeof body === 'object' && body.detail) return body.detail
    if (body && typeof body === 'object' && typeof body.duplicateId === 'number') return `This is already on the case (id ${body.duplicateId}).`
    if (err.status === 404) return 'Not found: it does not exist or is not yours.'
    return `The API answered ${err.status}.`
  }
  return err instanceof Error ? err.message : String(err)
}

export { IdcheckApiError }
