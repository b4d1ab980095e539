import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config/config.ts'
import { DataDirBusy } from '../infra/db/data-dir-lock.ts'
import { AccountCommandError } from '../modules/accounts/index.ts'
import { ListFormatError } from '../modules/screening/index.ts'
import { accountRateLimit } from './account-rate-limit.ts'
import { accountResetCredentials } from './account-reset-credentials.ts'
import { migrateCommand } from './migrate.ts'
import { resellerCreate } from './reseller-create.ts'
import { screeningImport, screeningLists } from './screening-import.ts'
import { servicesList } from './services-list.ts'
import { UsageError } from './usage.ts'
import { webhooksResealSecrets } from './webhooks-reseal-secrets.ts'

const USAGE = `Usage: idcheck <command> [options]   (also: npm run cli -- <command> [options])

Commands:
  serve                                        run the API (embedded mode also runs the workers)
  worker                                       run the background workers only (server mode)
  migrate                                      apply database migrations
  reseller create --name NAME [--services all|1,2] [--json]
                                               onboard a reseller; prints its clientId and clientSecret once
  account rate-limit ID N|default              set an account's requests per second
  account reset-credentials ID [--json]        a new clientSecret for any account (resellers too); the old
                                               secret and its tokens stop working at once
  webhooks reseal-secrets                      after rotating WEBHOOK_SECRET_KEY: re-seal every webhook secret
  services list [--json]                       list the services and their ids
  screening import FILE --format opensanctions-csv|ofac-sdn-xml [--source NAME] [--json]
                                               replace a sanctions/PEP list's entries with the file's
  screening lists [--json]                     the lists in use: source, entries, version, importedAt

Configuration comes from the environment (DATABASE_URL, DATA_DIR, …): see README.md.`

async function main (argv: string[]): Promise<number> {
  // screening has options of its own (--format, --source): its commands parse their arguments.
  if (argv[0] === 'screening') {
    const [sub, ...args] = argv.slice(1)
    if (sub === 'import') return screeningImport(loadConfig(), args)
    if (sub === 'lists') return screeningLists(loadConfig(), args)
    throw new UsageError(`unknown command "screening ${sub ?? ''}"; did you mean "screening import FILE --format F" or "screening lists"?`)
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { name: { type: 'string' }, services: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  const [command, sub, ...rest] = positionals
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(USAGE + '\n')
    return command === undefined && !values.help ? 1 : 0
  }
  const config = () => loadConfig()
  switch (command) {
    case 'serve': {
      const { serve } = await import('../server.ts')
      await serve(config())
      return -1 // keeps running
    }
    case 'worker': {
      const { runWorker } = await import('../worker.ts')
      await runWorker(config())
      return -1
    }
    case 'migrate': return migrateCommand(config(), sub)
    case 'reseller':
      if (sub !== 'create') throw new UsageError(`unknown command "reseller ${sub ?? ''}"; did you mean "reseller create"?`)
      return resellerCreate(config(), { name: values.name, services: values.services, json: values.json ?? false, extra: rest })
    case 'account':
      if (sub === 'rate-limit') return accountRateLimit(config(), rest)
      if (sub === 'reset-credentials') return accountResetCredentials(config(), rest, values.json ?? false)
      throw new UsageError(`unknown command "account ${sub ?? ''}"; did you mean "account rate-limit ID N" or "account reset-credentials ID"?`)
    case 'webhooks':
      if (sub !== 'reseal-secrets') throw new UsageError(`unknown command "webhooks ${sub ?? ''}"; did you mean "webhooks reseal-secrets"?`)
      return webhooksResealSecrets(config(), rest)
    case 'services':
      if (sub !== 'list') throw new UsageError(`unknown command "services ${sub ?? ''}"; did you mean "services list"?`)
      return servicesList(config(), values.json ?? false)
    default:
      throw new UsageError(`unknown command "${command}"`)
  }
}

try {
  const code = await main(process.argv.slice(2))
  if (code >= 0) process.exit(code)
} catch (err) {
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`idcheck: ${(err as Error).message}\n\n${USAGE}\n`)
    process.exit(64)
  }
  if (err instanceof ConfigError || err instanceof DataDirBusy || err instanceof AccountCommandError || err instanceof ListFormatError) {
    process.stderr.write(`idcheck: ${err.message}\n`)
    process.exit(err instanceof AccountCommandError || err instanceof ListFormatError ? 1 : 2)
  }
  throw err
}
