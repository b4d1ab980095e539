import { randomUUID } from 'node:crypto'
import type { BavCopConfig } from '../../../config/config.ts'
import { CheckCannotComplete, ProviderUnavailable } from '../../checks/index.ts'
import type { CopReport } from './cop-answers.ts'

export interface CopRequest { sortCode: string, accountNumber: string, name: string }

/** Statuses worth asking again for: the service is overloaded, down or slow, not refusing this request. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500

/**
 * Asks an Open Banking Confirmation of Payee API (POST {url}/account-name-check) about one account.
 * Timeouts, network errors, 408, 429 and 5xx throw ProviderUnavailable (the pipeline retries); any
 * other refusal or an unreadable answer throws CheckCannotComplete, as asking again would get the
 * same. Messages carry the status and x-fapi-interaction-id for the provider's support, never the
 * token or the holder's name.
 */
export async function askCop (cop: BavCopConfig, providerName: string, request: CopRequest): Promise<CopReport> {
  const interactionId = randomUUID()
  const unavailable = (why: string, cause?: unknown) =>
    new ProviderUnavailable(providerName, `Confirmation of Payee ${why} (x-fapi-interaction-id ${interactionId})`, cause === undefined ? undefined : { cause })
  let status: number
  let text: string
  try {
    const response = await fetch(`${cop.url}/account-name-check`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cop.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-fapi-interaction-id': interactionId,
      },
      body: JSON.stringify({
        Data: {
          SchemeName: 'SortCodeAccountNumber',
          AccountType: 'Personal',
          Identification: request.sortCode + request.accountNumber,
          Name: request.name,
        },
      }),
      // A redirect would be a misconfigured BAV_COP_URL; following one could carry the token elsewhere.
      redirect: 'manual',
      // Covers the body too: an answer that stalls half-way is a timeout like any other.
      signal: AbortSignal.timeout(cop.timeoutMs),
    })
    status = response.status
    text = await response.text()
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError'
    throw unavailable(timedOut ? `did not answer within ${cop.timeoutMs} ms` : `could not be reached: ${(err as Error).message}`, err)
  }
  if (isTransient(status)) throw unavailable(`answered HTTP ${status}`)
  if (status < 200 || status > 299) {
    throw new CheckCannotComplete(`The Confirmation of Payee service refused the request (HTTP ${status}), so the account holder could not be checked (x-fapi-interaction-id ${interactionId}).`)
  }
  const report = readReport(text)
  if (!report) throw new CheckCannotComplete(`The Confirmation of Payee service gave an answer that could not be read, so the account holder could not be checked (x-fapi-interaction-id ${interactionId}).`)
  return report
}

function readReport (text: string): CopReport | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  const report = (body as { Data?: { VerificationReport?: Record<string, unknown> } } | null)?.Data?.VerificationReport
  if (typeof report !== 'object' || report === null || typeof report.Matched !== 'boolean') return undefined
  const optionalString = (value: unknown) => typeof value === 'string' && value.trim() !== '' ? value : null
  if (report.ReasonCode !== undefined && report.ReasonCode !== null && typeof report.ReasonCode !== 'string') return undefined
  return { matched: report.Matched, reasonCode: optionalString(report.ReasonCode), name: optionalString(report.Name) }
}
