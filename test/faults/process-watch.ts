import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { call } from './fault-helpers.ts'

// Memory and liveness of a running service seen from outside it, as an operator's monitoring would:
// the resident memory of its process and of every process it started (/proc), and Ping's latency.

const PAGE = 4096

/** The process's resident bytes, or null once it is gone. */
export function rssOf (pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE
  } catch {
    return null
  }
}

function commandOf (pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-2).join(' ').slice(0, 120)
  } catch {
    return '?'
  }
}

/** The process and all its descendants, children of every thread included. */
export function processTree (root: number): number[] {
  const found = [root]
  for (let i = 0; i < found.length; i++) {
    let tasks: string[] = []
    try { tasks = readdirSync(`/proc/${found[i]}/task`) } catch { continue }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${found[i]}/task/${task}/children`, 'utf8').trim().split(/\s+/)) if (child) found.push(Number(child))
      } catch {}
    }
  }
  return found
}

export interface ProcessMemory { pid: number, command: string, idle: number, peak: number }

export interface TreeWatch {
  /** Stops sampling; each process seen, its idle (or first seen) and peak resident bytes. */
  stop (): Promise<ProcessMemory[]>
}

/**
 * Samples the tree's resident memory every `intervalMs`. `idle` gives each process's idle RSS; a
 * process started later counts from its first sample (smaller than its idle: a stricter bound).
 */
export function watchTree (root: number, idle: Map<number, number>, intervalMs = 50): TreeWatch {
  const seen = new Map<number, ProcessMemory>()
  let running = true
  const loop = (async () => {
    while (running) {
      for (const pid of processTree(root)) {
        const rss = rssOf(pid)
        if (rss === null) continue
        const entry = seen.get(pid) ?? { pid, command: commandOf(pid), idle: idle.get(pid) ?? rss, peak: 0 }
        entry.peak = Math.max(entry.peak, rss)
        seen.set(pid, entry)
      }
      await sleep(intervalMs)
    }
  })()
  return {
    async stop () {
      running = false
      await loop
      return [...seen.values()]
    },
  }
}

export function idleMemory (root: number): Map<number, number> {
  return new Map(processTree(root).map((pid) => [pid, rssOf(pid) ?? 0]))
}

export interface PingWatch { stop (): Promise<{ count: number, p99: number, max: number, failures: string[] }> }

/** Authenticated Ping one after another (with a 20 ms pause) until stopped; latencies and any failure. */
export function pingContinuously (base: string, token: string): PingWatch {
  const times: number[] = []
  const failures: string[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      try {
        const res = await call(base, 'GET', '/api/Ping', token, undefined, 10_000)
        times.push(res.ms)
        if (res.status !== 200) failures.push(`${res.status} ${res.text.slice(0, 200)}`)
      } catch (error) {
        failures.push(String(error))
      }
      await sleep(20)
    }
  })()
  return {
    async stop () {
      running = false
      await loop
      const sorted = [...times].sort((a, b) => a - b)
      return { count: sorted.length, p99: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0, max: sorted.at(-1) ?? 0, failures }
    },
  }
}
