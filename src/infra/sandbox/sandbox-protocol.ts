/** What a task module exports as `tasks`, or returns from `createTasks(settings)`: named functions run in a sandbox process, each given the caller's input. */
export type TaskTable = Record<string, (input: never) => unknown>

export interface SandboxSetup { modules: string[], memoryMb: number, nice: number, settings: Record<string, unknown> }
export interface SandboxRequest { op: string, input: unknown, timeoutMs: number }
/** Sent once the task modules are loaded and the memory cap is set (when it could be). */
export interface SandboxReady { ready: true, limited: boolean }

/** An allocation the memory cap refused: the task asked for more than its budget (parsers rewrap the RangeError, keeping its message). */
export const isOutOfMemory = (error: unknown): boolean =>
  error instanceof Error && /allocation failed|failed to allocate|out of memory|Invalid (typed )?array length/i.test(error.message)
