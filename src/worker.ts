import type { Config } from './config/config.ts'

/** `idcheck worker`: the background workers without the HTTP listener (server mode). */
export async function runWorker (config: Config): Promise<void> {
  if (!config.databaseUrl) {
    throw new Error('idcheck worker needs DATABASE_URL: in embedded mode the workers run inside `idcheck serve`')
  }
  throw new Error('idcheck worker: no background jobs exist yet')
}
