import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from './app.ts'
import type { Config } from './config/config.ts'

/**
 * First start of an empty embedded sandbox: make a reseller with every service and show how to
 * call the API with it, so a newcomer gets from clone to an authenticated call in a minute. The
 * credentials are printed once and kept (mode 0600) in DATA_DIR.
 */
export async function announceDemoReseller (app: App, config: Config): Promise<void> {
  const file = join(config.dataDir!, 'demo-reseller.json')
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  if (existsSync(file)) {
    const { clientId } = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string }
    process.stdout.write(`\nidcheck sandbox on ${base}  (docs: ${base}/docs)\nDemo reseller clientId ${clientId}; its secret is in ${file}\n\n`)
    return
  }
  if (await app.services.accounts.count() > 0) return
  const demo = await app.services.accounts.createReseller({ name: 'Demo reseller', serviceIds: 'all' })
  writeFileSync(file, JSON.stringify(demo, null, 2) + '\n', { mode: 0o600 })
  const body = JSON.stringify({ clientId: demo.clientId, clientSecret: demo.clientSecret })
  process.stdout.write(`
idcheck sandbox on ${base}  (docs: ${base}/docs)

A demo reseller was created with every service (saved in ${file}, shown only now):
  clientId     ${demo.clientId}
  clientSecret ${demo.clientSecret}

Try it:
  TOKEN=$(curl -s -X POST ${base}/api/authenticate -H 'content-type: application/json' -d '${body}' | sed -E 's/.*"accessToken":"([^"]+)".*/\\1/')
  curl -H "Authorization: Bearer $TOKEN" ${base}/api/Ping

`)
}
