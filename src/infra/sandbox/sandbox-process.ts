// A sandbox process: `createSandboxPool` (sandbox-pool.ts) forks this file with the task modules to
// load and a memory budget. It loads them, caps its own memory, says it is ready, then runs one
// task at a time. No worker thread may start here: a thread reserves ~540 MB of address space,
// which the cap would refuse.
import { setPriority } from 'node:os'
import { limitOwnCpu, limitOwnData } from './process-memory.ts'
import { isOutOfMemory, type SandboxAnswer, type SandboxRequest, type SandboxSetup, type TaskTable } from './sandbox-protocol.ts'

const setup = JSON.parse(process.argv[2]!) as SandboxSetup
try { setPriority(setup.nice) } catch {}

/** CPU seconds a task may use past its time budget before the kernel ends its process. */
const CPU_MARGIN_SECONDS = 10

const tasks: TaskTable = {}
for (const url of setup.modules) {
  const module = await import(url) as { tasks?: TaskTable, createTasks?: (settings: Record<string, unknown>) => TaskTable }
  Object.assign(tasks, module.createTasks ? module.createTasks(setup.settings) : module.tasks)
}

// Every module is loaded (and its lazy parts warmed by its own import), so the budget is all the task's.
const limited = limitOwnData(setup.memoryMb * 1024 * 1024)

process.on('message', (request: SandboxRequest) => {
  const task = tasks[request.op]
  const answer = (body: { ok: true, value: unknown } | { ok: false, error: { name: string, message: string, fields: Record<string, unknown> } }, sent?: () => void) =>
    process.send!({ id: request.id, ...body } satisfies SandboxAnswer, undefined, {}, sent)
  if (!task) return answer({ ok: false, error: { name: 'Error', message: `No task named ${request.op}`, fields: {} } })
  // Past its time budget (and a margin for the parent's own timer) a task's CPU is cut off by the
  // kernel, so a child left behind by a parent that died cannot spin on a hostile file for ever.
  try { limitOwnCpu(request.timeoutMs / 1000 + CPU_MARGIN_SECONDS) } catch {}
  Promise.resolve().then(() => (task as (input: unknown) => unknown)(request.input)).then(
    (value) => answer({ ok: true, value }),
    (error: unknown) => {
      if (isOutOfMemory(error)) {
        // Its heap may be left in pieces: a fresh process takes the next task.
        answer({ ok: false, error: { name: 'SandboxMemoryExceeded', message: '', fields: {} } }, () => process.disconnect())
        return
      }
      const { name = 'Error', message = String(error) } = error as Error
      try {
        answer({ ok: false, error: { name, message, fields: error instanceof Error ? { ...error } : {} } })
      } catch {
        answer({ ok: false, error: { name, message, fields: {} } }) // a field that cannot be sent (a function) is left behind
      }
    },
  )
})

process.on('disconnect', () => process.exit(0))
process.send!({ ready: true, limited })
