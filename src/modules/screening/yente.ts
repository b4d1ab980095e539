import { ProviderUnavailable } from '../checks/index.ts'
import { STORED_NAME_CHARACTERS } from './list-import.ts'
import type { ScreeningSubject } from './matching/index.ts'
import type { AmlHit, AmlResult } from './screening.schemas.ts'
import { cappedString, cappedStrings, readCappedJson, YENTE_PROVIDER } from './yente-answers.ts'

export interface YenteOptions { url: string, dataset: string, apiKey: string | null, timeoutMs?: number }

/** The source every yente hit is recorded under (decisions on hits are kept by source and entity id). */
export const YENTE_SOURCE = 'yente'
/** Hits asked of yente: as many as a local screening reports. */
const LIMIT = 25
// yente's catalogue changes when its index is rebuilt (daily at most): it is asked again after this long.
const CATALOGUE_TTL_MS = 10 * 60_000
// Bounds on what a hit stores of yente's answer (it is shown to the tenant and sent in every webhook).
const ID_CHARACTERS = 200
const VALUES = 50
const VALUE_CHARACTERS = 64
const FEATURES = 10

type ListVersion = AmlResult['lists'][number]

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const scoreOf = (value: unknown) => typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0

function explain (caption: string, score: number, features: unknown): string {
  const named = isRecord(features) ? Object.entries(features).filter(([, value]) => typeof value === 'number' && value !== 0).slice(0, FEATURES) : []
  const listed = named.map(([name, value]) => `${cappedString(name, VALUE_CHARACTERS)} ${Number((value as number).toFixed(2))}`)
  return `yente scored '${caption}' ${Number(score.toFixed(2))}${listed.length > 0 ? ` (${listed.join(', ')})` : ''}.`
}

/** One result of /match as a hit, every field length-capped; null when it has no id. */
function hitOf (result: unknown): Omit<AmlHit, 'id'> | null {
  if (!isRecord(result)) return null
  const entityId = cappedString(result.id, ID_CHARACTERS)
  if (entityId === '') return null
  const properties = isRecord(result.properties) ? result.properties : {}
  const caption = cappedString(result.caption, STORED_NAME_CHARACTERS)
  const score = scoreOf(result.score)
  return {
    entityId,
    source: YENTE_SOURCE,
    name: caption,
    matchedName: caption,
    score: Math.round(score * 100) / 100,
    topics: [...new Set(cappedStrings(properties.topics, VALUES, VALUE_CHARACTERS).map(topicOf))],
    birthDates: cappedStrings(properties.birthDate, VALUES, VALUE_CHARACTERS),
    countries: [...new Set([...cappedStrings(properties.country, VALUES, VALUE_CHARACTERS), ...cappedStrings(properties.nationality, VALUES, VALUE_CHARACTERS)])].slice(0, VALUES),
    explanation: explain(caption, score, result.features),
  }
}

async function call (options: YenteOptions, path: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`${options.url}${path}`, {
      ...init,
      headers: { ...init.headers as Record<string, string>, ...(options.apiKey ? { authorization: `ApiKey ${options.apiKey}` } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
  } catch (err) {
    throw new ProviderUnavailable(YENTE_PROVIDER, `yente did not answer: ${(err as Error).message}`, { cause: err })
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new ProviderUnavailable(YENTE_PROVIDER, `yente answered ${response.status} to ${what}`)
  }
  return readCappedJson(response, what)
}

/**
 * Screens through OpenSanctions' yente (its /match API, Elasticsearch behind it), for deployments
 * past one machine: the same result shape as the lists in the database. A failed, slow, oversized
 * or unreadable answer is ProviderUnavailable, so the check is retried with backoff. The result
 * names the dataset's version from yente's catalogue (kept for CATALOGUE_TTL_MS), never yente's
 * address, an internal host.
 */
export function createYenteScreener (options: YenteOptions) {
  let catalogue: { version: ListVersion, at: number } | null = null

  async function listVersion (now: Date): Promise<ListVersion> {
    if (catalogue !== null && now.getTime() - catalogue.at < CATALOGUE_TTL_MS) return catalogue.version
    const body = await call(options, '/catalog', { method: 'GET' }, 'catalogue')
    const datasets = isRecord(body) && Array.isArray(body.datasets) ? body.datasets : []
    const dataset = datasets.find((d): d is Record<string, unknown> => isRecord(d) && d.name === options.dataset)
    const version = cappedString(dataset?.version, VALUE_CHARACTERS)
    if (dataset === undefined || version === '') throw new ProviderUnavailable(YENTE_PROVIDER, `yente's catalogue does not give a version of the dataset ${options.dataset}`)
    const updatedAt = new Date(cappedString(dataset.updated_at, VALUE_CHARACTERS))
    const listed = { source: `${YENTE_SOURCE}:${options.dataset}`, version, importedAt: (Number.isNaN(updatedAt.getTime()) ? now : updatedAt).toISOString() }
    catalogue = { version: listed, at: now.getTime() }
    return listed
  }

  return async (subject: ScreeningSubject, threshold: number, dismissed: Set<string>, now: Date): Promise<AmlResult> => {
    const list = await listVersion(now)
    const body = await call(options, `/match/${encodeURIComponent(options.dataset)}?threshold=${threshold}&limit=${LIMIT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: { subject: queryOf(subject) } }),
    }, 'match answer')
    const answer = isRecord(body) && isRecord(body.responses) ? body.responses.subject : undefined
    const results = isRecord(answer) ? answer.results ?? [] : []
    if (!Array.isArray(results)) throw new ProviderUnavailable(YENTE_PROVIDER, 'yente\'s match answer could not be read: results is not a list')
    const hits: AmlHit[] = results.slice(0, LIMIT)
      .map(hitOf)
      .filter((hit) => hit !== null && hit.score >= threshold && !dismissed.has(`${YENTE_SOURCE} ${hit.entityId}`))
      .sort((a, b) => b!.score - a!.score)
      .map((hit, i) => ({ id: i + 1, ...hit! }))
    return { matchStatus: hits.length > 0 ? 'potential_match' : 'no_match', hits, lists: [list] }
  }
}
