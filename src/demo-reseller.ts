import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from './app.ts'
import type { Config } from './config/config.ts'

/** Where the banner goes: a terminal is a person; anything else (a container log, a file) is kept by others. */
export interface BannerOutput { isTTY?: boolean, write (text: string): unknown }

export interface DemoCredentials { clientId: string, clientSecret: string }

/**
 * First start of an empty embedded sandbox: make a reseller with every service and show how to
 * call the API with it, so a newcomer gets from clone to an authenticated call in a minute. The
 * credentials are kept (mode 0600) in DATA_DIR; the secret is printed only to a terminal, once.
 */
export async function announceDemoReseller (app: App, config: Config, out: BannerOutput = process.stdout): Promise<void> {
  const file = join(config.dataDir!, 'demo-reseller.json')
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  if (existsSync(file)) {
    const { clientId } = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string }
    out.write(`\nidcheck sandbox on ${base}  (docs: ${base}/docs)\nDemo reseller clientId ${clientId}; its secret is in ${file}\n\n`)
    return
  }
  if (await app.services.accounts.count() > 0) return
  const demo = await app.services.accounts.createReseller({ name: 'Demo reseller', serviceIds: 'all' })
  writeFileSync(file, JSON.stringify(demo, null, 2) + '\n', { mode: 0o600 })
  out.write(demoBanner(demo, { base, file, toTerminal: out.isTTY === true }))
}

/** The first start's banner: the secret itself for a terminal, only the file that holds it otherwise. */
export function demoBanner (demo: DemoCredentials, { base, file, toTerminal }: { base: string, file: string, toTerminal: boolean }): string {
  const body = toTerminal ? `'${JSON.stringify({ clientId: demo.clientId, clientSecret: demo.clientSecret })}'` : `@${file}`
  const shown = toTerminal
    ? `A demo reseller was created with every service (saved in ${file}, shown only now):
  clientId     ${demo.clientId}
  clientSecret ${demo.clientSecret}`
    : `A demo reseller was created with every service: clientId ${demo.clientId}.
Its secret is in ${file} (mode 0600); it is not printed because this output is not a terminal.`
  return `
idcheck sandbox on ${base}  (docs: ${base}/docs)

${shown}

Try it:
  TOKEN=$(curl -s -X POST ${base}/api/authenticate -H 'content-type: application/json' -d ${body} | sed -E 's/.*"accessToken":"([^"]+)".*/\\1/')
  curl -H "Authorization: Bearer $TOKEN" ${base}/api/Ping

`
}
