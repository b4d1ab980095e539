import type { FastifyInstance } from 'fastify'
import Converter from 'openapi-to-postmanv2'
import './route-config.ts'

// Runs before every request of the collection: gets a token with the collection's clientId and
// clientSecret, caches it until a minute before it expires, and sends it as the bearer token.
const PRE_REQUEST = `
if (pm.request.url.getPath().toLowerCase().endsWith('/api/authenticate')) return;
const token = pm.collectionVariables.get('accessToken');
const expiresAt = Number(pm.collectionVariables.get('accessTokenExpiresAt') || 0);
if (token && Date.now() < expiresAt - 60000) return;
pm.sendRequest({
  url: pm.collectionVariables.get('baseUrl') + '/api/authenticate',
  method: 'POST',
  header: { 'Content-Type': 'application/json' },
  body: { mode: 'raw', raw: JSON.stringify({ clientId: pm.collectionVariables.get('clientId'), clientSecret: pm.collectionVariables.get('clientSecret') }) }
}, (err, res) => {
  if (err || res.code !== 200) { console.error('idcheck: authentication failed', err || res.code); return; }
  const body = res.json();
  pm.collectionVariables.set('accessToken', body.accessToken);
  pm.collectionVariables.set('accessTokenExpiresAt', String(Date.now() + body.expires * 1000));
});
`.trim().split('\n')

/** GET /postman.json: a Postman collection generated from the OpenAPI document, never by hand. */
export function registerPostman (app: FastifyInstance): void {
  let cached: Promise<Record<string, unknown>> | null = null
  app.get('/postman.json', { config: { public: true }, schema: { hide: true } }, async (request) => {
    cached ??= convert(app.swagger() as object)
    const collection = structuredClone(await cached)
    const baseUrl = `${request.protocol}://${request.host}`
    collection.variable = [
      { key: 'baseUrl', value: baseUrl, type: 'string' },
      { key: 'clientId', value: '', type: 'string' },
      { key: 'clientSecret', value: '', type: 'string' },
      { key: 'accessToken', value: '', type: 'string' },
      { key: 'accessTokenExpiresAt', value: '0', type: 'string' },
    ]
    collection.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] }
    collection.event = [{ listen: 'prerequest', script: { type: 'text/javascript', exec: PRE_REQUEST } }]
    return collection
  })
}

function convert (openapi: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    Converter.convert({ type: 'json', data: openapi }, {
      folderStrategy: 'Tags',
      requestParametersResolution: 'Example',
      exampleParametersResolution: 'Example',
    }, (err, result) => {
      const output = result as unknown as { result: boolean, reason?: string, output: { data: Record<string, unknown> }[] }
      if (err || !output.result) reject(err ?? new Error(`OpenAPI to Postman conversion failed: ${output.reason}`))
      else resolve(output.output[0]!.data)
    })
  })
}
