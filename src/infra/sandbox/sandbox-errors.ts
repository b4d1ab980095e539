/**
 * A task failed because of what it was given, not because of the machine: it ran over its memory
 * or time budget, or took its process down. Retrying it would fail the same way; the message is a
 * sentence a person can act on.
 */
export class SandboxTaskFailed extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'SandboxTaskFailed'
  }
}

export class SandboxMemoryExceeded extends SandboxTaskFailed {
  readonly memoryMb: number
  constructor (memoryMb: number) {
    super(`The file needed more than ${memoryMb} MB of memory to read; it was not processed.`)
    this.name = 'SandboxMemoryExceeded'
    this.memoryMb = memoryMb
  }
}

export class SandboxTimedOut extends SandboxTaskFailed {
  readonly timeoutMs: number
  constructor (timeoutMs: number) {
    super(`The file took longer than ${Math.round(timeoutMs / 100) / 10} seconds to read; it was not processed.`)
    this.name = 'SandboxTimedOut'
    this.timeoutMs = timeoutMs
  }
}

export class SandboxCrashed extends SandboxTaskFailed {
  constructor (detail: string) {
    super(`The file reader stopped while reading the file (${detail}); it was not processed.`)
    this.name = 'SandboxCrashed'
  }
}

/** More tasks are waiting than the pool accepts: the caller should try again shortly. */
export class SandboxBusy extends Error {
  constructor (waiting: number) {
    super(`The file readers are busy: ${waiting} files are already waiting`)
    this.name = 'SandboxBusy'
  }
}

/** A sandbox process could not start (a broken install, no memory for it): the machine's fault, not the task's. */
export class SandboxStartFailed extends Error {
  constructor (detail: string) {
    super(`A sandbox process could not start: ${detail}`)
    this.name = 'SandboxStartFailed'
  }
}

/** The pool was closed: nothing more runs on it. */
export class SandboxClosed extends Error {
  constructor () {
    super('The file readers are closed')
    this.name = 'SandboxClosed'
  }
}
