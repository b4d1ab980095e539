import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time used so far by every PostgreSQL server process on this machine (the backends serving
 * connections and the background writers), in ms: read before and after a load, it is the
 * database's CPU cost of that load, whichever connection did the work (or ended meanwhile).
 */
export function postgresCpuTimeMs (): number {
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // ended while we looked
    }
    const open = stat.indexOf('(')
    const close = stat.lastIndexOf(')')
    if (stat.slice(open + 1, close) !== 'postgres') continue
    const fields = stat.slice(close + 2).split(' ')
    // utime + stime, and cutime + cstime: the postmaster's reaped children (backends that ended
    // during the load), whose time would otherwise vanish from the sum.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  }
  return ticks * 10
}
