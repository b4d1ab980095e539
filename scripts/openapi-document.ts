import { randomBytes } from 'node:crypto'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config/config.ts'

/**
 * The OpenAPI document as the service serves it, from an app built in memory (embedded, no data
 * directory, no workers, no listening port): for the lint and the client's generated types.
 */
export async function openApiDocument (): Promise<Record<string, unknown>> {
  // A throwaway signing key, so that loading the config writes nothing into ./data.
  const config = { ...loadConfig({ TOKEN_SIGNING_KEY: randomBytes(32).toString('base64url'), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'), LOG_LEVEL: 'silent' }), dataDir: null, runWorkers: false }
  const app = await buildApp(config, { logger: false })
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: '127.0.0.1:3000' } })
    if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}: ${res.body}`)
    return res.json()
  } finally {
    await app.close()
  }
}
