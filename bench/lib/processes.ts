import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../../test/helpers/free-port.ts'
import { type Env, ROOT, type ServiceProcess, startService, waitForAnswer } from '../../test/helpers/service-processes.ts'

export { freePort }

export interface Started extends ServiceProcess { port: number, baseUrl: string }

/** Starts a Node script of the repo on the pinned Node and waits until it answers. */
export async function startNode (script: string, env: Record<string, string>, probePath: string): Promise<Started> {
  return start(process.execPath, [ROOT + script], env, probePath)
}

/** Starts idcheck exactly as `npm start` does (bin/idcheck serve, with its Node flags), from this checkout or another. */
export async function startIdcheck (env: Record<string, string>, root = ROOT): Promise<Started> {
  return start(join(root, 'bin/idcheck'), ['serve'], env, '/health/live', root)
}

async function start (command: string, args: string[], env: Record<string, string>, probePath: string, cwd = ROOT): Promise<Started> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const service = await startService({
    command, args, cwd, quiet: true,
    env: { ...process.env as Env, ...env, PORT: String(port), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
  }, (s) => waitForAnswer(s, baseUrl + probePath))
  return { ...service, port, baseUrl }
}

/** The fields of /proc/<pid>/stat after the command's name (times in clock ticks of 10 ms). */
const statFields = (pid: number | 'self') => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')

/** User and system CPU time of a process so far, in ms. */
export function cpuTimeMs (pid: number): { user: number, system: number, total: number } {
  const fields = statFields(pid)
  const user = Number(fields[11]) * 10
  const system = Number(fields[12]) * 10
  return { user, system, total: user + system }
}

/** User and system CPU time of this process's ended and waited-for children so far, in ms (cutime, cstime). */
export function childrenCpuTimeMs (): number {
  const fields = statFields('self')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

/** Peak resident set size of a process so far (VmHWM), in MB. */
export function peakRssMb (pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'))
  return Math.round(Number(line?.replace(/\D/g, '') ?? 0) / 1024)
}

export function currentRssMb (pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Math.round(Number(line?.replace(/\D/g, '') ?? 0) / 1024)
}

/** Runs the idcheck CLI (of this checkout or another) with the given environment and returns its stdout. */
export function cli (args: string[], env: Record<string, string>, root = ROOT): string {
  return execFileSync(process.execPath, [join(root, 'src/cli/main.ts'), ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' })
}
