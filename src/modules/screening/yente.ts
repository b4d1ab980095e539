import { ProviderUnavailable } from '../checks/index.ts'
import type { ScreeningSubject } from './matching/index.ts'
import type { AmlHit, AmlResult } from './screening.schemas.ts'

export interface YenteOptions { url: string, dataset: string, apiKey: string | null, timeoutMs?: number }

/** The source every yente hit is recorded under (decisions on hits are kept by source and entity id). */
export const YENTE_SOURCE = 'yente'
const PROVIDER = 'idcheck-screening-yente'
/** Hits asked of yente: as many as a local screening reports. */
const LIMIT = 25

interface YenteResult {
  id: string
  caption: string
  schema: string
  properties: Record<string, unknown[]>
  datasets?: string[]
  score: number
  features?: Record<string, number>
  match?: boolean
}

const strings = (values: unknown[] | undefined) => (values ?? []).filter((v): v is string => typeof v === 'string')

/** yente's topics (FollowTheMoney's: sanction, role.pep, crime…) as idcheck's: role.pep reads pep. */
const topicOf = (topic: string) => topic === 'role.pep' || topic === 'role.rca' ? 'pep' : topic

function queryOf (subject: ScreeningSubject): object {
  const properties: Record<string, string[]> = { name: [subject.name] }
  if (subject.birthDate) {
    const { year, month, day } = subject.birthDate
    properties.birthDate = [[String(year).padStart(4, '0'), month && String(month).padStart(2, '0'), month && day && String(day).padStart(2, '0')].filter(Boolean).join('-')]
  }
  if (subject.country) properties.country = [subject.country]
  return { schema: subject.kind === 'person' ? 'Person' : 'Company', properties }
}

function explain (result: YenteResult): string {
  const features = Object.entries(result.features ?? {}).filter(([, value]) => value !== 0).map(([name, value]) => `${name} ${Number(value.toFixed(2))}`)
  return `yente scored '${result.caption}' ${Number(result.score.toFixed(2))}${features.length > 0 ? ` (${features.join(', ')})` : ''}.`
}

/**
 * Screens through OpenSanctions' yente (its /match API, Elasticsearch behind it), for deployments
 * past one machine: the same result shape as the lists in the database. A failed or slow answer is
 * ProviderUnavailable, so the check is retried with backoff.
 */
export async function screenWithYente (options: YenteOptions, subject: ScreeningSubject, threshold: number, dismissed: Set<string>, now: Date): Promise<AmlResult> {
  const url = `${options.url}/match/${encodeURIComponent(options.dataset)}?threshold=${threshold}&limit=${LIMIT}`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `ApiKey ${options.apiKey}` } : {}) },
      body: JSON.stringify({ queries: { subject: queryOf(subject) } }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
  } catch (err) {
    throw new ProviderUnavailable(PROVIDER, `yente did not answer: ${(err as Error).message}`, { cause: err })
  }
  if (!response.ok) throw new ProviderUnavailable(PROVIDER, `yente answered ${response.status}`)
  let results: YenteResult[]
  try {
    const body = await response.json() as { responses?: Record<string, { results?: YenteResult[] }> }
    results = body.responses?.subject?.results ?? []
    if (!Array.isArray(results)) throw new Error('results is not a list')
  } catch (err) {
    throw new ProviderUnavailable(PROVIDER, `yente's answer could not be read: ${(err as Error).message}`, { cause: err })
  }
  const hits: AmlHit[] = results
    .filter((r) => r.score >= threshold && !dismissed.has(`${YENTE_SOURCE} ${r.id}`))
    .sort((a, b) => b.score - a.score)
    .map((r, i) => ({
      id: i + 1,
      entityId: r.id,
      source: YENTE_SOURCE,
      name: r.caption,
      matchedName: r.caption,
      score: Math.round(r.score * 100) / 100,
      topics: [...new Set(strings(r.properties.topics).map(topicOf))],
      birthDates: strings(r.properties.birthDate),
      countries: [...new Set([...strings(r.properties.country), ...strings(r.properties.nationality)])],
      explanation: explain(r),
    }))
  return { matchStatus: hits.length > 0 ? 'potential_match' : 'no_match', hits, lists: [{ source: `${YENTE_SOURCE}:${options.dataset}`, version: options.url, importedAt: now.toISOString() }] }
}
