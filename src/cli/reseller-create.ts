import type { Config } from '../config/config.ts'
import { hasVisibleCharacter, normalisedName } from '#shared/names.ts'
import { UsageError } from './usage.ts'
import { withApp } from './with-app.ts'

export async function resellerCreate (config: Config, args: { name?: string, services?: string, json: boolean, extra: string[] }): Promise<number> {
  if (args.extra.length > 0) throw new UsageError(`unexpected argument "${args.extra[0]}"`)
  const name = args.name === undefined ? undefined : normalisedName(args.name)
  if (!name) throw new UsageError('reseller create needs --name NAME')
  if (!hasVisibleCharacter(name)) throw new UsageError('--name must contain a visible character')
  if (name.length > 200) throw new UsageError('--name must be at most 200 characters')
  const serviceIds = parseServices(args.services ?? 'all')
  const created = await withApp(config, (app) => app.services.accounts.createReseller({ name, serviceIds }))
  if (args.json) {
    process.stdout.write(JSON.stringify({ id: created.id, clientId: created.clientId, clientSecret: created.clientSecret }) + '\n')
  } else {
    process.stdout.write(`Reseller "${created.name}" created (id ${created.id}).\n  clientId     ${created.clientId}\n  clientSecret ${created.clientSecret}\nStore the secret now: it is not shown again.\n`)
  }
  return 0
}

function parseServices (value: string): number[] | 'all' {
  if (value === 'all') return 'all'
  if (value === '' || value === 'none') return []
  const ids = value.split(',').map((s) => s.trim())
  if (!ids.every((s) => /^[1-9]\d{0,8}$/.test(s))) throw new UsageError(`--services must be "all" or service ids like 1,2 (see: idcheck services list), not "${value}"`)
  return ids.map(Number)
}
