import { defineCheckType } from '../checks/index.ts'
import { type CaseSubject, screeningSubjectOf } from './aml-provider.ts'
import { AmlResult } from './screening.schemas.ts'

/** AML: the case's person or business against the sanctions and PEP lists (in the database, or yente's), when the case is made. */
export const amlCheckType = defineCheckType<CaseSubject, AmlResult>({
  name: 'AML',
  service: { id: 3, code: 'aml', name: 'AML' },
  subjectType: 'case',
  resultSchema: AmlResult,
  queue: () => ({ name: 'aml.screening', retryLimit: 2, retryDelaySeconds: 5, concurrency: 4 }),
  trigger: { on: 'added' },
  create: ({ use }) => {
    const { provider, unavailableReason } = use('amlScreener')
    const cases = use('cases')
    return {
      provider,
      unavailableReason,
      async loadSubject (q, id) {
        const found = await cases.findForCheck(q, id)
        return found && { accountId: found.accountId, caseId: found.id, screening: screeningSubjectOf(found) }
      },
      lockSubject: cases.lockForCheck,
    }
  },
})
