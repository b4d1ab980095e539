import { buildApp, type App } from '../app.ts'
import type { Config } from '../config/config.ts'
import { lockDataDir } from '../infra/db/data-dir-lock.ts'

/** Runs a command against the app's services; an embedded data dir is locked for the duration. */
export async function withApp<T> (config: Config, fn: (app: App) => Promise<T>): Promise<T> {
  const unlock = config.dataDir ? await lockDataDir(config.dataDir, 'an idcheck command') : () => {}
  try {
    // A command serves no HTTP: compiling every route's schemas took over a second of each run.
    const app = await buildApp({ ...config, runWorkers: false }, { logger: false, apiRoutes: false })
    try {
      return await fn(app)
    } finally {
      await app.close()
    }
  } finally {
    unlock()
  }
}
