import type { Config } from '../config/config.ts'
import { UsageError } from './usage.ts'
import { withApp } from './with-app.ts'

/** `webhooks reseal-secrets`: after rotating WEBHOOK_SECRET_KEY, every stored secret under the new key. */
export async function webhooksResealSecrets (config: Config, extra: string[]): Promise<number> {
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`)
  const { resealed, total } = await withApp(config, (app) => app.services.webhooks.resealSecrets())
  process.stdout.write(`Re-sealed ${resealed} of ${total} webhook secrets under the current WEBHOOK_SECRET_KEY; ` +
    'older keys may now leave WEBHOOK_SECRET_KEYS_PREVIOUS.\n')
  return 0
}
