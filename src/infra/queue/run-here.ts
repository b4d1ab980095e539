import type { JobHandler } from './job.ts'

/**
 * Jobs this process runs itself the moment their transaction commits, instead of waiting for a
 * worker to fetch them (RUN_JOBS_HERE). Each such job is also stored, to start `fallbackSeconds`
 * later: if this process dies first, or the run fails, a worker runs it from the queue as any other
 * job (with its retries); after a successful run here it is deleted (in batches). Side by side with
 * plain pg-boss fetching it buys less than its bound for a hand-written piece, so it is due to go
 * (docs/decisions.md, Speed work behind seams).
 */
export interface RunHere {
  /** Runs `name`'s jobs with `handler`, at most `slots` at once (the queue's own concurrency). */
  register (name: string, handler: JobHandler<unknown>, slots: number): void
  /** Takes a slot for a job about to be stored; false when `name` has no handler here or no free slot. */
  reserve (name: string): boolean
  /** The transaction ended: run the stored job (committed) or give the slot back. */
  settle (name: string, id: string, data: object, committed: boolean): void
  /** Stops taking jobs and waits for the running ones (at most timeoutMs). */
  drain (timeoutMs: number): Promise<void>
}

/** Stored jobs of successful runs are deleted in batches, at most this long after their run. */
const DELETE_EVERY_MS = 100

export function createRunHere (deleteJobs: (name: string, ids: string[]) => Promise<unknown>): RunHere {
  const queues = new Map<string, { handler: JobHandler<unknown>, slots: number, taken: number }>()
  const running = new Set<Promise<void>>()
  let draining = false
  // A job deleted late (or never, if the process dies first) runs from the queue and finds its work done.
  const done = new Map<string, string[]>()
  let flushing: NodeJS.Timeout | undefined
  const flush = async () => {
    flushing = undefined
    const batches = [...done]
    done.clear()
    await Promise.allSettled(batches.map(([name, ids]) => deleteJobs(name, ids)))
  }
  const finished = (name: string, id: string) => {
    const ids = done.get(name) ?? []
    ids.push(id)
    done.set(name, ids)
    flushing ??= setTimeout(flush, DELETE_EVERY_MS)
  }

  const run = (name: string, id: string, data: object) => {
    const queue = queues.get(name)!
    const job: Promise<void> = (async () => {
      try {
        await queue.handler({ id, data, retryCount: 0 })
        finished(name, id)
      } catch {
        // Nothing is lost: the stored job runs from the queue at its start time, and reports there.
      } finally {
        queue.taken--
      }
    })()
    running.add(job)
    void job.then(() => running.delete(job))
  }

  return {
    register (name, handler, slots) {
      queues.set(name, { handler, slots, taken: 0 })
    },
    reserve (name) {
      const queue = queues.get(name)
      if (draining || !queue || queue.taken >= queue.slots) return false
      queue.taken++
      return true
    },
    settle (name, id, data, committed) {
      if (committed && !draining) run(name, id, data)
      else queues.get(name)!.taken--
    },
    async drain (timeoutMs) {
      draining = true
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => { timer = setTimeout(resolve, timeoutMs) })])
      clearTimeout(timer)
      clearTimeout(flushing)
      await flush()
    },
  }
}
