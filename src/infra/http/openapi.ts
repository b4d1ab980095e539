import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { SUPPORTED_VERSIONS } from './api-version.ts'
import { documentedRouteSchema, finishedDocument, type RouteSchema } from './openapi-document.ts'
import './route-config.ts'

const DESCRIPTION = `Identity checks on cases: bank account verification (BAV) today, KYC, AML and document checks behind the same doors.

Authenticate with POST /api/authenticate (OAuth 2.0 client credentials) and send \`Authorization: Bearer <accessToken>\` on every other call.
In this page: get a token with *Get an access token* (Test Request), then paste the accessToken into the Bearer field under Authentication.

- **Versioning**: add \`api-version=1.0\` to the query string (absent = latest). Responses carry \`api-supported-versions\`.
- **Rate limit**: 15 requests per second per client unless agreed otherwise; a 429 says how long to wait in \`Retry-After\`.
- **Errors**: \`{"errors": [...]}\` for most bad requests, an object keyed by PascalCase field name for authenticate,
  the bare JSON strings \`"Invalid service ID"\` and \`"Name is in use by another account"\` on accounts, \`{"duplicateId": n}\` for a duplicate bank account,
  an empty 404 for a resource that is not yours, and problem details (\`application/problem+json\`) for 401, 403, 429 and 5xx.
- **Webhooks**: results of background checks arrive as signed Standard Webhooks events.`

/** OpenAPI 3.1 generated from the route schemas (never by hand), served with an offline docs page. */
export async function registerOpenApi (app: FastifyInstance, environment: string, origin: () => string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `idcheck API (${environment})`, version: SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1]!, description: DESCRIPTION },
      // GET /openapi.json names PUBLIC_BASE_URL or the listen address instead (see below).
      servers: [{ url: 'http://127.0.0.1:3000', description: 'A local server started with npm start' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The accessToken from POST /api/authenticate, valid for 3600 seconds' },
        },
      },
      tags: [
        { name: 'Authentication', description: 'Access tokens' },
        { name: 'Connectivity', description: 'Ping' },
        { name: 'Accounts', description: 'Reseller sub-accounts and their credentials' },
        { name: 'Cases', description: 'The people and businesses you check' },
        { name: 'Bank accounts', description: 'Bank accounts of a case and their verification (BAV)' },
        { name: 'Checks', description: 'Every check of a case, of every type: request one, read its result' },
        { name: 'Webhooks', description: 'Signed notifications of job results (Standard Webhooks)' },
        { name: 'Health', description: 'Probes for load balancers and orchestrators' },
      ],
    },
    // Shared schemas keep their $id as their component name instead of def-0, def-1, …
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({ schema: documentedRouteSchema(schema as RouteSchema), url }),
    transformObject: (document) => finishedDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  })

  // The docs page's "Test Request" and generated clients call the server the document names.
  // The document is large and never changes once the server listens, so it is serialised once per origin.
  let served: { origin: string, body: string } | null = null
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, (_request, reply) => {
    const url = origin()
    if (served?.origin !== url) served = { origin: url, body: JSON.stringify({ ...app.swagger(), servers: [{ url, description: 'This server' }] }) }
    return reply.type('application/json; charset=utf-8').send(served.body)
  })

  registerDocsPage(app)
}

/**
 * GET /docs: the Scalar reference page and its bundled assets, served from the npm package (no CDN).
 * The package holds its whole browser bundle in memory (about 30 MB of resident memory), so it is
 * loaded on the first visit, into a small Fastify app of its own that /docs requests are passed to.
 * Public and not rate limited.
 */
function registerDocsPage (app: FastifyInstance): void {
  let docsApp: Promise<FastifyInstance> | null = null
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docsApp ??= buildDocsApp().catch((err) => { docsApp = null; throw err })
    const res = await (await docsApp).inject({ method: request.method as 'GET', url: request.url, headers: request.headers })
    const headers = { ...res.headers }
    delete headers['content-length'] // set again for the body sent; the transfer encoding is ours
    delete headers['transfer-encoding']
    delete headers.connection
    delete headers['keep-alive']
    return reply.code(res.statusCode).headers(headers).send(res.rawPayload)
  }
  for (const url of ['/docs', '/docs/*']) app.get(url, { config: { public: true }, schema: { hide: true } }, forward)
}

async function buildDocsApp (): Promise<FastifyInstance> {
  const { default: scalar } = await import('@scalar/fastify-api-reference')
  const docs = Fastify({ logger: false, routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } })
  await docs.register(scalar, {
    routePrefix: '/docs',
    configuration: {
      url: '/openapi.json',
      title: 'idcheck API reference',
      // Nothing from a CDN or a third party: fonts, telemetry and the hosted AI helpers stay off.
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      mcp: { disabled: true },
      agent: { disabled: true },
      hideClientButton: false,
      documentDownloadType: 'json',
      // Every operation on one page, so a browser's find (and the docs-page test) sees them all.
      defaultOpenAllTags: true,
      authentication: { preferredSecurityScheme: 'bearerAuth' },
    } as Record<string, unknown>,
  })
  await docs.ready()
  return docs
}
