import swagger from '@fastify/swagger'
import scalar from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'
import { SUPPORTED_VERSIONS } from './api-version.ts'
import './route-config.ts'

const DESCRIPTION = `Identity checks on cases: bank account verification (BAV) today, KYC, AML and document checks behind the same doors.

Authenticate with POST /api/authenticate (OAuth 2.0 client credentials) and send \`Authorization: Bearer <accessToken>\` on every other call.
Rate limit: 15 requests per second per client unless agreed otherwise. Errors: \`{"errors": [...]}\` for bad requests, problem details for 401, 403, 429 and 5xx.`

/** OpenAPI 3.1 generated from the route schemas (never by hand), served with an offline docs page. */
export async function registerOpenApi (app: FastifyInstance, environment: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `idcheck API (${environment})`, version: SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1]!, description: DESCRIPTION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      tags: [
        { name: 'Authentication', description: 'Access tokens' },
        { name: 'Connectivity', description: 'Ping' },
        { name: 'Accounts', description: 'Reseller sub-accounts and their credentials' },
        { name: 'Cases', description: 'The people and businesses you check' },
        { name: 'Bank accounts', description: 'Bank accounts of a case and their verification (BAV)' },
        { name: 'Webhooks', description: 'Signed notifications of job results (Standard Webhooks)' },
        { name: 'Health', description: 'Probes for load balancers and orchestrators' },
      ],
    },
    // Shared schemas keep their $id as their component name instead of def-0, def-1, …
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  })

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger())

  // Public and not rate limited: the docs page and its bundled assets (served from the npm package, no CDN).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true }
  })
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: '/openapi.json', title: 'idcheck API reference' },
  })
}
