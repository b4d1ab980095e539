import { Type, type Static } from 'typebox'
import { CheckCannotComplete, defineCheckType, ProviderUnavailable, riskRatingOf, type Subject } from '../../src/modules/checks/index.ts'

/**
 * A sixth check type, as a team would add one (docs/architecture.md, "Add a check type"), kept in
 * the tests: it echoes a Person case's URN. The URN steers its provider, so the pipeline's contract
 * can be shown on it: "fail-..." cannot complete, "flaky-..." is unavailable once, "down-..." always.
 */
export const EchoResult = Type.Object({ echoed: Type.String() }, { $id: 'EchoResult' })
export type EchoResult = Static<typeof EchoResult>

interface EchoSubject extends Subject { urn: string, type: string }

/** How often the provider was asked, per case id. */
export const echoCalls = new Map<number, number>()

export const echoCheckType = defineCheckType<EchoSubject, EchoResult>({
  name: 'Echo',
  service: { id: 99, code: 'echo', name: 'Echo' },
  subjectType: 'case',
  resultSchema: EchoResult,
  queue: () => ({ name: 'echo.check', retryLimit: 1, retryDelaySeconds: 1, concurrency: 2 }),
  trigger: { on: 'added', when: (added) => added.caseType === 'Person' },
  create: ({ use }) => {
    const cases = use('cases')
    return {
      provider: {
        name: 'echo-provider',
        async run (subject) {
          const calls = (echoCalls.get(subject.caseId) ?? 0) + 1
          echoCalls.set(subject.caseId, calls)
          if (subject.urn.startsWith('fail-')) throw new CheckCannotComplete('The echo cannot be made: the URN asks it to fail.')
          if (subject.urn.startsWith('down-') || (subject.urn.startsWith('flaky-') && calls === 1)) throw new ProviderUnavailable('echo-provider', 'echo is down')
          return { riskRating: riskRatingOf(1), result: { echoed: subject.urn } }
        },
      },
      unavailableReason: null,
      async loadSubject (q, id) {
        const found = await cases.findForCheck(q, id)
        return found && { accountId: found.accountId, caseId: found.id, urn: found.urn, type: found.type }
      },
      lockSubject: cases.lockForCheck,
      refuse: (subject) => subject.type === 'Person' ? null : `Echo reads a person's case; case ${subject.caseId} is a ${subject.type}.`,
    }
  },
})
