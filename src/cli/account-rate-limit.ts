import type { Config } from '../config/config.ts'
import { UsageError } from './usage.ts'
import { withApp } from './with-app.ts'

export async function accountRateLimit (config: Config, args: string[]): Promise<number> {
  const [id, limit, ...extra] = args
  if (id === undefined || limit === undefined || extra.length > 0) throw new UsageError('usage: account rate-limit ID N|default')
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) throw new UsageError(`ID must be an account id (a positive integer), not "${id}"`)
  if (limit !== 'default' && (!/^[1-9]\d{0,6}$/.test(limit))) throw new UsageError(`N must be a positive integer of requests per second, or "default", not "${limit}"`)
  const perSecond = limit === 'default' ? null : Number(limit)
  await withApp(config, (app) => app.services.accounts.setRateLimit(Number(id), perSecond))
  process.stdout.write(`Account ${id}: rate limit ${perSecond === null ? `reset to the default (${config.rateLimitPerSecond}/s)` : `${perSecond} requests per second`}.\n`)
  return 0
}
