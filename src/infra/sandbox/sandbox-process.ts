// A sandbox process: `createSandboxPool` (sandbox-pool.ts) forks this file with the task modules to
// load and a memory budget. It loads them, caps its own memory, says it is ready, then runs one
// task at a time. No worker thread may start here: a thread reserves ~540 MB of address space,
// which the cap would refuse.
import { setPriority } from 'node:os'
import { answerCalls } from '../messaging/messaging-answerer.ts'
import { parentProcessEndpoint } from '../messaging/messaging-endpoints.ts'
import { wireErrorOf } from '../messaging/messaging-wire.ts'
import { limitOwnCpu, limitOwnData } from './process-memory.ts'
import { isOutOfMemory, type SandboxReady, type SandboxRequest, type SandboxSetup, type TaskTable } from './sandbox-protocol.ts'

const setup = JSON.parse(process.argv[2]!) as SandboxSetup
try { setPriority(setup.nice) } catch {}

/** CPU seconds a task may use past its time budget before the kernel ends its process. */
const CPU_MARGIN_SECONDS = 10
const MEMORY_EXCEEDED = 'SandboxMemoryExceeded'

const tasks: TaskTable = {}
for (const url of setup.modules) {
  const module = await import(url) as { tasks?: TaskTable, createTasks?: (settings: Record<string, unknown>) => TaskTable }
  Object.assign(tasks, module.createTasks ? module.createTasks(setup.settings) : module.tasks)
}

// Every module is loaded (and its lazy parts warmed by its own import), so the budget is all the task's.
const limited = limitOwnData(setup.memoryMb * 1024 * 1024)

const parent = parentProcessEndpoint()
answerCalls<SandboxRequest>(parent, (request) => {
  const task = tasks[request.op]
  if (!task) throw new Error(`No task named ${request.op}`)
  // Past its time budget (and a margin for the parent's own timer) a task's CPU is cut off by the
  // kernel, so a child left behind by a parent that died cannot spin on a hostile file for ever.
  try { limitOwnCpu(request.timeoutMs / 1000 + CPU_MARGIN_SECONDS) } catch {}
  return (task as (input: unknown) => unknown)(request.input)
}, {
  errorOf: (error) => isOutOfMemory(error) ? { name: MEMORY_EXCEEDED, message: '', fields: {} } : wireErrorOf(error),
  // Its heap may be left in pieces: a fresh process takes the next task.
  afterAnswer: (answer) => { if (!answer.ok && answer.error.name === MEMORY_EXCEEDED) process.disconnect() },
})

process.on('disconnect', () => process.exit(0))
parent.send({ ready: true, limited } satisfies SandboxReady)
