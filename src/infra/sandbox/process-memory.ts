import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const PAGE_BYTES = 4096
const PRLIMIT = '/usr/bin/prlimit'

/** A process's resident memory in bytes from /proc (Linux), or null where there is none (the process left, or not Linux). */
export function residentBytes (pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')
    return Number(fields[1]) * PAGE_BYTES
  } catch {
    return null
  }
}

/** This process's data segment (VmData), the figure RLIMIT_DATA is compared with; null off Linux. */
export function ownDataBytes (): number | null {
  try {
    const match = /VmData:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'latin1'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/**
 * Caps this process's data segment at its size now plus `budgetBytes` (RLIMIT_DATA, which counts
 * the V8 heap, Buffers, ArrayBuffers and native allocations alike). Returns false where it cannot
 * (no /proc or no prlimit); the parent's RSS watchdog still applies there.
 */
export function limitOwnData (budgetBytes: number): boolean {
  const now = ownDataBytes()
  if (now === null || !existsSync(PRLIMIT)) return false
  execFileSync(PRLIMIT, ['--pid', String(process.pid), `--data=${now + budgetBytes}`])
  return true
}

/**
 * Lets this process use at most `seconds` more CPU from now (RLIMIT_CPU's soft limit; the kernel
 * ends it with SIGXCPU past it). The parent's timer stops a task first; this stops one whose parent
 * is gone, which no timer would. False where it cannot.
 */
export function limitOwnCpu (seconds: number): boolean {
  if (!existsSync(PRLIMIT)) return false
  const { user, system } = process.cpuUsage()
  const used = Math.ceil((user + system) / 1_000_000)
  execFileSync(PRLIMIT, ['--pid', String(process.pid), `--cpu=${used + Math.ceil(seconds)}:`])
  return true
}
