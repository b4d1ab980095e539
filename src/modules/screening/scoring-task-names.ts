import type { Candidate, ScreeningSubject } from './matching/index.ts'

// Shared by the scoring process's task module and the API side; imports nothing else, so the API side
// never loads the scorer and the scoring process loads only it.

export const SCORE_TASK = 'screening.score'

/** What the scoring process is given: one subject, its candidates, and how long it may take over them. */
export interface ScoringTask { subject: ScreeningSubject, candidates: Candidate[], budgetMs: number }

/** A screening's scoring ran past its budget; thrown in the scoring process, between two candidates. */
export class ScreeningOverBudget extends Error {
  constructor (budgetMs: number) {
    super(`over its budget of ${budgetMs} ms`)
    this.name = 'ScreeningOverBudget'
  }
}
