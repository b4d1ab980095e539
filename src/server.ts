import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { buildApp, type App } from './app.ts'
import { type Config, ConfigError, loadConfig } from './config/config.ts'
import { DataDirBusy, lockDataDir } from './infra/db/data-dir-lock.ts'
import { announceDemoReseller } from './demo-reseller.ts'

/** `npm start` / `idcheck serve`: listen, and close gracefully on SIGTERM or SIGINT. */
export async function serve (config: Config): Promise<App> {
  const unlock = config.dataDir ? await lockDataDir(config.dataDir, 'idcheck serve') : () => {}
  let app: App
  try {
    app = await buildApp(config)
  } catch (err) {
    unlock()
    throw err
  }
  let closing = false
  // server.close() waits for every connection to end, but it closes only the keep-alive connections idle at
  // that moment: one whose response finishes later stays open as long as the client likes (the 25 s cut-off
  // would then skip stopping the workers). So a response still in progress at shutdown is told to end with
  // Connection: close. Connections are tracked rather than requests, which every request would pay
  // for (docs/decisions.md, Worker processes).
  const connections = new Set<Socket & { _httpMessage?: ServerResponse | null }>()
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    // _httpMessage: the response a connection is writing (Node's own closeIdleConnections reads it too).
    for (const socket of connections) if (socket._httpMessage) socket._httpMessage.shouldKeepAlive = false
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => { app.log.error('shutdown took over 25 s; exiting'); process.exit(1) }, 25_000)
    force.unref()
    app.close().then(() => { unlock(); process.exit(0) }, (err) => { app.log.error({ err }, 'shutdown failed'); unlock(); process.exit(1) })
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  if (config.dataDir && config.environment === 'sandbox') await announceDemoReseller(app, config)
  return app
}

if (import.meta.main) {
  try {
    await serve(loadConfig())
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirBusy) {
      console.error(`idcheck: ${err.message}`)
      process.exit(2)
    }
    throw err
  }
}
