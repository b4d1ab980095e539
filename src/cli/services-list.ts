import type { Config } from '../config/config.ts'
import { withApp } from './with-app.ts'

export async function servicesList (config: Config, json: boolean): Promise<number> {
  const offered = await withApp(config, async (app) => app.services.catalogue.offered())
  if (json) {
    process.stdout.write(JSON.stringify(offered) + '\n')
  } else {
    process.stdout.write('serviceId  checkType            provider\n')
    for (const s of offered) process.stdout.write(`${String(s.serviceId).padEnd(11)}${s.checkType.padEnd(21)}${s.provider}\n`)
  }
  return 0
}
