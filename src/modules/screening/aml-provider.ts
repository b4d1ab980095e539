import type { Database } from '../../infra/db/database.ts'
import type { Clock } from '#shared/clock.ts'
import { type CheckProvider, riskRatingOf, type Subject } from '../checks/index.ts'
import type { ScreeningSubject } from './matching/index.ts'
import { screen } from './screen-against-lists.ts'
import { AmlResult } from './screening.schemas.ts'
import { dismissedFor } from './screening.repository.ts'
import type { ScoreCandidates } from './scoring-sandbox.ts'
import { createYenteScreener, type YenteOptions } from './yente.ts'

export interface CaseSubject extends Subject { screening: ScreeningSubject }

/** What AML reads of a case (cases module). */
export interface ScreenedCase {
  id: number
  accountId: number
  type: string
  givenNames: string | null
  surname: string | null
  dobDay: number | null
  dobMonth: number | null
  dobYear: number | null
  addressCountryCode2: string | null
  entityName: string | null
}

export function screeningSubjectOf (c: ScreenedCase): ScreeningSubject {
  const person = c.type === 'Person'
  return {
    kind: person ? 'person' : 'organization',
    name: person ? [c.givenNames, c.surname].filter(Boolean).join(' ') : c.entityName ?? '',
    birthDate: person && c.dobYear !== null ? { year: c.dobYear, month: c.dobMonth, day: c.dobDay } : null,
    country: c.addressCountryCode2?.toLowerCase() ?? null,
  }
}

export interface AmlScreenerDeps {
  db: Database
  clock: Clock
  threshold: number
  /** Whether a list is imported (production imports its own; the sandbox ships one); with yente, always. */
  available: boolean
  /** Screen through yente instead of the lists in the database. */
  yente: YenteOptions | null
  /** The scorer, in a sandbox process with a memory cap and a time budget per screening (scoring-sandbox.ts). */
  score: ScoreCandidates
}

/** A sanction hit is High; PEP or other hits only, Medium; none, Low. */
const rated = (result: AmlResult) => ({
  riskRating: riskRatingOf(result.hits.some((h) => h.topics.includes('sanction')) ? 3 : result.hits.length > 0 ? 2 : 1),
  result,
})

/** The provider AML runs with here: yente, the lists in the database, or none when no list is imported. */
export function amlProviderOf (deps: AmlScreenerDeps): CheckProvider<CaseSubject, AmlResult> | null {
  if (deps.yente) {
    const screenWithYente = createYenteScreener(deps.yente)
    return {
      name: 'idcheck-screening-yente',
      run: async (subject) => rated(await screenWithYente(subject.screening, deps.threshold, await dismissedFor(deps.db, subject.caseId), new Date(deps.clock.now()))),
    }
  }
  if (!deps.available) return null
  return { name: 'idcheck-screening', run: async (subject) => rated(await screen(deps.db, subject.screening, subject.caseId, deps.threshold,
      (screened, candidates) => deps.score(screened, candidates, subject.accountId))) }
}
