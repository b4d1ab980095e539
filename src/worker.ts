import { buildApp } from './app.ts'
import { type Config, ConfigError, loadConfig } from './config/config.ts'

/**
 * `idcheck worker`: the background workers (BAV checks, webhook deliveries), for server mode. With
 * WORKER_PORT set it listens there for its health probes and /metrics only (the counters of the
 * deliveries it makes live in this process), never for the API. SIGTERM lets running jobs finish
 * before it exits.
 */
export async function runWorker (config: Config): Promise<void> {
  if (!config.databaseUrl) {
    throw new ConfigError('idcheck worker needs DATABASE_URL: in embedded mode the workers run inside `idcheck serve`')
  }
  const app = await buildApp({ ...config, runWorkers: true }, { apiRoutes: false })
  if (config.workerPort !== null) await app.listen({ port: config.workerPort, host: config.host })
  app.log.info('worker started: processing background jobs')
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'worker shutting down: finishing running jobs')
    const force = setTimeout(() => process.exit(1), 25_000)
    force.unref()
    app.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

if (import.meta.main) {
  try {
    await runWorker(loadConfig())
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`idcheck: ${err.message}`)
      process.exit(2)
    }
    throw err
  }
}
