import { defineModule } from '../../infra/app-module.ts'
import type { CheckProvider } from '../checks/index.ts'
import { amlProviderOf, type CaseSubject, type ScreenedCase, screeningSubjectOf } from './aml-provider.ts'
import { startRescreen } from './rescreen.ts'
import { ensureSandboxList } from './sandbox-list.ts'
import type { AmlResult } from './screening.schemas.ts'
import { hasLists } from './screening.repository.ts'
import { createScoringSandbox } from './scoring-sandbox.ts'

export interface AmlScreener {
  /** null: AML is not offered here, for `unavailableReason`. */
  provider: CheckProvider<CaseSubject, AmlResult> | null
  unavailableReason: string | null
  /** The same screening for a case, for the re-screen after an import. */
  screenCase (screened: ScreenedCase): Promise<AmlResult>
}

declare module '../../infra/app-module.ts' {
  interface ServiceMap { amlScreener: AmlScreener }
}

/**
 * AML's engine, made before the check type and the re-screen that share it: the sandbox ships its
 * own list, production needs an import (or yente); name scoring runs in a sandbox process with a
 * time budget per screening, started on first use.
 */
export const amlScreenerModule = defineModule({
  name: 'amlScreener',
  async create ({ db, clock, queue, config, onClose }) {
    if (config.environment === 'sandbox') await ensureSandboxList(db, new Date(clock.now()), (tx, version) => startRescreen(queue, tx, version.source, version.version))
    const yente = config.screening.provider === 'yente' ? config.screening : null
    const scoring = createScoringSandbox({ budgetMs: config.amlScreeningBudgetMs })
    onClose(() => scoring.close())
    const provider = amlProviderOf({ db, clock, threshold: config.amlThreshold, available: yente !== null || await hasLists(db), yente, score: scoring.score })
    return {
      provider,
      unavailableReason: provider ? null : 'AML is not offered: no sanctions or PEP list is imported (an operator imports one with idcheck screening import).',
      async screenCase (c) {
        if (!provider) throw new Error('AML is not offered here')
        return (await provider.run({ accountId: c.accountId, caseId: c.id, screening: screeningSubjectOf(c) })).result
      },
    }
  },
})
