// The part of newman's Node API the tests use (newman ships no types).
declare module 'newman' {
  import type { EventEmitter } from 'node:events'

  export interface NewmanRunOptions {
    collection: object | string
    environment?: object | string
    envVar?: { key: string, value: string }[]
    reporters?: string | string[]
    delayRequest?: number
    timeoutRequest?: number
    bail?: boolean
  }

  export interface NewmanExecution {
    item: { name: string }
    request: { method: string, url: { toString (): string } }
    response?: { code: number, text (): string }
    assertions?: { assertion: string, error?: { message: string } }[]
    requestError?: Error
  }

  export interface NewmanRunSummary {
    run: {
      stats: Record<'requests' | 'assertions' | 'testScripts' | 'prerequestScripts', { total: number, failed: number }>
      failures: { error: { message: string, test?: string }, source?: { name?: string } }[]
      executions: NewmanExecution[]
    }
  }

  export function run (options: NewmanRunOptions, callback: (err: Error | null, summary: NewmanRunSummary) => void): EventEmitter

  const newman: { run: typeof run }
  export default newman
}
