import type { Database, Queryable } from '../../infra/db/database.ts'
import { defineCheckType, riskRatingOf, type Subject } from '../checks/index.ts'
import type { ScreeningSubject } from './matching/index.ts'
import { screen } from './screen.ts'
import { AmlResult } from './screening.schemas.ts'

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

export const AML_QUEUE = { name: 'aml.screening', retryLimit: 2, retryDelaySeconds: 5, concurrency: 4 }

export function screeningSubjectOf (c: ScreenedCase): ScreeningSubject {
  const person = c.type === 'Person'
  return {
    kind: person ? 'person' : 'organization',
    name: person ? [c.givenNames, c.surname].filter(Boolean).join(' ') : c.entityName ?? '',
    birthDate: person && c.dobYear !== null ? { year: c.dobYear, month: c.dobMonth, day: c.dobDay } : null,
    country: c.addressCountryCode2?.toLowerCase() ?? null,
  }
}

export interface AmlDeps {
  db: Database
  threshold: number
  /** Whether a list is imported (production imports its own; the sandbox ships one). */
  available: boolean
  findCase: (q: Queryable, id: number) => Promise<ScreenedCase | undefined>
  lockCase: (tx: Queryable, id: number) => Promise<boolean>
}

/** AML: the case's person or business against the imported sanctions and PEP lists. */
export function amlCheckType (deps: AmlDeps) {
  return defineCheckType<CaseSubject, AmlResult>({
    name: 'AML',
    subjectType: 'case',
    resultSchema: AmlResult,
    queue: AML_QUEUE,
    provider: deps.available
      ? {
          name: 'idcheck-screening',
          async run (subject) {
            const result = await screen(deps.db, subject.screening, subject.caseId, deps.threshold)
            // A sanction hit is High; PEP or other hits only, Medium; none, Low.
            const worst = result.hits.some((h) => h.topics.includes('sanction')) ? 3 : result.hits.length > 0 ? 2 : 1
            return { riskRating: riskRatingOf(worst), result }
          },
        }
      : null,
    unavailableReason: deps.available ? null : 'AML is not offered: no sanctions or PEP list is imported (an operator imports one with idcheck screening import).',
    async loadSubject (q, id) {
      const found = await deps.findCase(q, id)
      return found && { accountId: found.accountId, caseId: found.id, screening: screeningSubjectOf(found) }
    },
    lockSubject: deps.lockCase,
  })
}
