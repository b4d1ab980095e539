import { createTaskThreads, type TaskThreads } from '../../../infra/threads/task-threads.ts'
import { DocumentUnreadable, type RiskSignal } from '../analysis/analysis-types.ts'
import type { RiskInput } from './document-risk.ts'

export interface RiskThreads {
  assess (input: RiskInput): Promise<RiskSignal[]>
  close (): Promise<void>
}

/** assessDocumentRisk in worker threads (risk-thread.ts), started on first use and stopped when idle. */
export function startRiskThreads (size: number): RiskThreads {
  const threads: TaskThreads<RiskInput, RiskSignal[]> = createTaskThreads({
    entry: new URL('./risk-thread.ts', import.meta.url),
    size,
    errors: { DocumentUnreadable },
  })
  return {
    // Images give no signal (assessDocumentRisk): their bytes need not travel to a thread.
    assess: (input) => input.kind === 'pdf' ? threads.run(input) : Promise.resolve([]),
    close: () => threads.close(),
  }
}
