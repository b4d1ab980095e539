import { weighBirthDate, type BirthDate } from './birth-date.ts'
import { weighCountry } from './country.ts'
import { explainName } from './explain.ts'
import { compareNames, type NameComparison } from './name-similarity.ts'
import type { NameKind } from './normalise.ts'
import { prepareName, type PreparedName } from './prepared-name.ts'

export interface ScreeningSubject {
  kind: NameKind
  /** A person's "given names surname", or the organisation's name. */
  name: string
  birthDate: BirthDate | null
  /** ISO 3166-1 alpha-2, lower case. */
  country: string | null
}

export type CandidateSchema = 'Person' | 'Organization' | 'Vessel' | 'Aircraft' | 'Other'

export interface Candidate {
  /** The primary name first, then the aliases, as published. */
  names: string[]
  schema: CandidateSchema
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
  birthDates: string[]
  countries: string[]
}

export interface NameMatch {
  /** 0..1, rounded to 2 decimals. */
  score: number
  /** The candidate's name, as published, that matched best. */
  matchedName: string
  explanation: string
}

/** The score from which a candidate is reported as a possible match, unless configured otherwise. */
export const DEFAULT_THRESHOLD = 0.85
// A person is never the same as a company, vessel or aircraft of that name (and the reverse): such a pair stays
// below any sensible threshold but remains visible to an analyst reviewing near misses.
export const OTHER_KIND_CAP = 0.6

const SCHEMA_WORDS: Record<CandidateSchema, string> = {
  Person: 'a person', Organization: 'an organisation', Vessel: 'a vessel', Aircraft: 'an aircraft', Other: 'an entity',
}

/** How likely the candidate is the subject, from the best of its names, date of birth and country, explained. */
export function scoreCandidate (subject: ScreeningSubject, candidate: Candidate): NameMatch {
  const subjectName = prepareName(subject.name, subject.kind)
  const listedKind: NameKind = candidate.schema === 'Person' ? 'person' : 'organization'
  const best = bestName(subjectName, candidate.names.map((name) => prepareName(name, listedKind)))
  if (best === null) return { score: 0, matchedName: '', explanation: 'The listed entry has no name to compare.' }
  const clauses = [explainName(subject.name, best.name.published, subject.kind, best.comparison)]
  let score = best.comparison.score
  if (subject.kind === 'person') {
    const birth = weighBirthDate(subject.birthDate, candidate.birthDates)
    score += birth.adjustment
    clauses.push(birth.clause)
  }
  const country = weighCountry(subject.country, candidate.countries)
  if (country !== null) {
    score += country.adjustment
    clauses.push(country.clause)
  }
  if (!isSameKind(subject.kind, candidate.schema)) {
    score = Math.min(score, OTHER_KIND_CAP)
    clauses.push(`but the listed entry is ${SCHEMA_WORDS[candidate.schema]}, not ${subject.kind === 'person' ? 'a person' : 'an organisation'}`)
  }
  return { score: round(Math.min(1, Math.max(0, score))), matchedName: best.name.published, explanation: `${clauses.join('; ')}.` }
}

function bestName (subject: PreparedName, names: PreparedName[]): { name: PreparedName, comparison: NameComparison } | null {
  let best: { name: PreparedName, comparison: NameComparison } | null = null
  for (const name of names) {
    const comparison = compareNames(subject, name)
    if (best === null || comparison.score > best.comparison.score) best = { name, comparison }
  }
  return best
}

// 'Other' covers entries whose kind the list does not say: they are compared as they are.
function isSameKind (kind: NameKind, schema: CandidateSchema): boolean {
  if (schema === 'Other') return true
  return kind === 'person' ? schema === 'Person' : schema === 'Organization'
}

function round (score: number): number {
  return Math.round(score * 100) / 100
}
