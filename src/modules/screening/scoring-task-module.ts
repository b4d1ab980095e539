// The task module the scoring sandbox process loads (scoring-sandbox.ts).
import type { TaskTable } from '../../infra/sandbox/sandbox-protocol.ts'
import { type NameMatch, scoreCandidate } from './matching/index.ts'
import { SCORE_TASK, ScreeningOverBudget, type ScoringTask } from './scoring-task-names.ts'

export const tasks: TaskTable = {
  // The budget is checked between candidates, each of which the scorer's bounds (words and letters per name) keep short.
  [SCORE_TASK]: ({ subject, candidates, budgetMs }: ScoringTask): NameMatch[] => {
    const deadline = performance.now() + budgetMs
    const matches: NameMatch[] = []
    for (const candidate of candidates) {
      if (performance.now() >= deadline) throw new ScreeningOverBudget(budgetMs)
      matches.push(scoreCandidate(subject, candidate))
    }
    return matches
  },
}
