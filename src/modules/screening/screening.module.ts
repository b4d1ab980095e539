import { defineModule } from '../../infra/app-module.ts'
import { createRescreenJob, RESCREEN_JOB, rescreenQueues } from './rescreen.ts'
import { screeningRoutes } from './screening.routes.ts'
import { HitDecision } from './screening.schemas.ts'
import { createScreeningService, type ScreeningService } from './screening.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { screening: ScreeningService & { rescreen: ReturnType<typeof createRescreenJob> } }
}

/** Lists, hit decisions, and the re-screen of AML cases after an import, batch by batch. */
export const screeningModule = defineModule({
  name: 'screening',
  schemas: [HitDecision],
  queues: () => rescreenQueues,
  create ({ db, clock, queue, use }) {
    const cases = use('cases')
    const checks = use('checks')
    const rescreen = createRescreenJob({
      db, queue, clock, screenCase: use('amlScreener').screenCase,
      casesPage: cases.pageForChecks, latestCompleted: checks.latestCompleted, enabledAmong: checks.enabledAmong, triggerIfEnabled: checks.triggerIfEnabled,
    })
    return { ...createScreeningService({ db, clock, queue, checks, assertCaseOwned: cases.assertOwned }), rescreen }
  },
  routes: (screening) => screeningRoutes(screening),
  jobs: (screening) => [{ name: RESCREEN_JOB, run: screening.rescreen, concurrency: 1 }],
})
