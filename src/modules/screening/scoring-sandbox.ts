import { CheckCannotComplete, ProviderUnavailable } from '../checks/index.ts'
import { createSandboxPool } from '../../infra/sandbox/sandbox-pool.ts'
import { SandboxBusy, SandboxClosed } from '../../infra/sandbox/sandbox-errors.ts'
import type { Candidate, NameMatch, ScreeningSubject } from './matching/index.ts'
import { SCORE_TASK, ScreeningOverBudget, type ScoringTask } from './scoring-task-names.ts'

/** Scores each candidate (in order) against the subject; `tenant` is the account, served in turn with the others. */
export type ScoreCandidates = (subject: ScreeningSubject, candidates: Candidate[], tenant: number) => Promise<NameMatch[]>

export interface ScoringSandbox { score: ScoreCandidates, close (): Promise<void> }

const PROVIDER = 'idcheck-screening'
// One process: a screening's scoring takes milliseconds, and the API's event loop and PostgreSQL need the other cores.
const PROCESSES = 1
// The scorer holds its word-pair and name caches (a few tens of MB) beside one screening's candidates.
const MEMORY_MB = 256
// Past the budget the scorer stops itself between candidates; this margin lets it, before its process is killed.
const HARD_STOP_MARGIN_MS = 2_000

/**
 * AML's name scoring in a sandbox process with a memory cap and a time budget per screening: a name
 * made to be expensive costs that process, never the event loop that serves requests, and a
 * screening over either budget fails its check once, with a sentence.
 */
export function createScoringSandbox ({ budgetMs }: { budgetMs: number }): ScoringSandbox {
  const pool = createSandboxPool({
    modules: [new URL('./scoring-task-module.ts', import.meta.url)],
    size: PROCESSES,
    memoryMb: MEMORY_MB,
    timeoutMs: budgetMs + HARD_STOP_MARGIN_MS,
    errors: { ScreeningOverBudget },
  })
  return {
    async score (subject, candidates, tenant) {
      if (candidates.length === 0) return []
      try {
        return await pool.run<NameMatch[]>(tenant, SCORE_TASK, { subject, candidates, budgetMs } satisfies ScoringTask)
      } catch (error) {
        if (error instanceof SandboxBusy) throw new ProviderUnavailable(PROVIDER, 'AML screening is busy: too many screenings are waiting', { cause: error })
        if (error instanceof SandboxClosed) throw error
        // Over time or memory, or its process died: the same name would do it again, so the check fails once.
        throw new CheckCannotComplete(error instanceof ScreeningOverBudget || (error as Error).name === 'SandboxTimedOut'
          ? `AML screening was stopped: comparing this name with the listed names took longer than the ${budgetMs} ms allowed.`
          : 'AML screening was stopped: comparing this name with the listed names needed more memory than allowed.', { cause: error })
      }
    },
    close: () => pool.close(),
  }
}
