import type { Config } from '../config/config.ts'
import { UsageError } from './usage.ts'
import { withApp } from './with-app.ts'

/** `account reset-credentials ID [--json]`: a new secret for any account, resellers included; the old one dies at once. */
export async function accountResetCredentials (config: Config, args: string[], json: boolean): Promise<number> {
  const [id, ...extra] = args
  if (id === undefined || extra.length > 0) throw new UsageError('usage: account reset-credentials ID [--json]')
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) throw new UsageError(`ID must be an account id (a positive integer), not "${id}"`)
  const reset = await withApp(config, (app) => app.services.accounts.resetCredentialsByOperator(Number(id)))
  if (json) {
    process.stdout.write(JSON.stringify(reset) + '\n')
  } else {
    process.stdout.write(`Account ${reset.id}: new credentials. The old secret and every token issued with it no longer work.\n` +
      `  clientId     ${reset.clientId}\n  clientSecret ${reset.clientSecret}\nStore the secret now: it is not shown again.\n`)
  }
  return 0
}
