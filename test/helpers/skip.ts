import { existsSync } from 'node:fs'
import { describe, it, type SuiteContext } from 'node:test'

/** Why a test cannot run here, or false when it can (node:test's `skip` option). */
export type SkipReason = string | false

export const needsPostgres: SkipReason = process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL is not set)'
export const needsPostgresAndRedis: SkipReason = process.env.DATABASE_URL && process.env.REDIS_URL ? false : 'needs PostgreSQL and Redis (DATABASE_URL and REDIS_URL)'
export const needsRedis: SkipReason = process.env.REDIS_URL ? false : 'needs Redis (REDIS_URL is not set)'
export const embeddedOnly: SkipReason = process.env.DATABASE_URL ? 'embedded mode only (DATABASE_URL is set)' : false

export const CHROMIUM = '/usr/bin/chromium'
export const needsChromium: SkipReason = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed: run scripts/install-chromium.sh`

type SuiteOptions = { concurrency?: number | boolean, timeout?: number }
type SuiteBody = (suite: SuiteContext) => void | Promise<void>

/**
 * A `describe` that runs unless `skip` gives a reason. When it does, one skipped test named after
 * the suite stands in for it, because node:test counts a skipped suite's tests nowhere: without the
 * stand-in a wrong guard would drop a whole suite from the run and from the "skipped" count.
 */
export function describeUnless (skip: SkipReason | null | undefined, name: string, body: SuiteBody): void
export function describeUnless (skip: SkipReason | null | undefined, name: string, options: SuiteOptions, body: SuiteBody): void
export function describeUnless (skip: SkipReason | null | undefined, name: string, optionsOrBody: SuiteOptions | SuiteBody, maybeBody?: SuiteBody): void {
  const [options, body] = typeof optionsOrBody === 'function' ? [{}, optionsOrBody] : [optionsOrBody, maybeBody!]
  if (skip) it(`${name} (the whole suite)`, { skip }, () => {})
  else describe(name, options, body)
}
