import { readFileSync } from 'node:fs'
import type { Candidate, ScreeningSubject } from '../../src/modules/screening/matching/index.ts'

export const EVALUATION_SET_URL = new URL('./evaluation-set.json', import.meta.url)

export interface ListedEntity extends Candidate {
  id: string
}

export interface EvaluationQuery {
  kind: ScreeningSubject['kind']
  name: string
  /** 'YYYY', 'YYYY-MM-DD' or null. */
  birthDate: string | null
  country: string | null
  /** The listed entity it should find, or null for a name that is on no list. */
  expect: string | null
  /** What was done to the listed name ('typo', 'script+typo'), or what kind of unlisted name it is ('near-given'). */
  variant: string
}

export interface EvaluationSet {
  about: string
  listed: ListedEntity[]
  queries: EvaluationQuery[]
}

export function readEvaluationSet (path: URL | string = EVALUATION_SET_URL): EvaluationSet {
  return JSON.parse(readFileSync(path, 'utf8')) as EvaluationSet
}

export function subjectOf (query: EvaluationQuery): ScreeningSubject {
  return { kind: query.kind, name: query.name, birthDate: parseBirthDate(query.birthDate), country: query.country }
}

function parseBirthDate (value: string | null): ScreeningSubject['birthDate'] {
  if (value === null) return null
  const [year, month, day] = value.split('-').map(Number)
  return { year: year!, month: month ?? null, day: day ?? null }
}
