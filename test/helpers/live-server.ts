import type { AddressInfo } from 'node:net'
import type { Config } from '../../src/config/config.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'

export interface LiveServer extends TestApp {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string
}

/**
 * A test app listening on a real port of 127.0.0.1, for clients that speak HTTP (a browser,
 * newman, the SDK, curl). Closed with the app when the test file ends.
 */
export async function startLiveServer (configOverrides: Partial<Config> = {}): Promise<LiveServer> {
  const built = await buildTestApp(configOverrides)
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = built.app.server.address() as AddressInfo
  return { ...built, url: `http://127.0.0.1:${port}` }
}
