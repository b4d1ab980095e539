import type { FastifyInstance } from 'fastify'
import './route-config.ts'

// GET /postman.json: a Postman collection generated from the OpenAPI document, never by hand.
// Run top to bottom (Postman's Run, or newman) it exercises every operation against a live server:
// a collection pre-request step gets and caches the token, and each request checks its documented
// success status and stores the ids that later requests need.

/** What a create operation's success body gives to the requests after it (dotted path into the body; '' = the body itself). */
const CAPTURES: Record<string, { variable: string, from: string }> = {
  createAccount: { variable: 'accountId', from: 'account.id' },
  createCase: { variable: 'caseId', from: 'id' },
  createBankAccount: { variable: 'bankAccountId', from: '' },
  requestCheck: { variable: 'checkId', from: 'id' },
  createWebhook: { variable: 'webhookId', from: 'id' },
  uploadDocument: { variable: 'documentId', from: 'id' },
  sendWebhookTest: { variable: 'deliveryId', from: 'deliveryId' },
}

/** Body fields that must not be the schema example for the collection to run (and run again). */
const BODY_FIELDS: Record<string, Record<string, string>> = {
  authenticate: { clientId: '{{clientId}}', clientSecret: '{{clientSecret}}' },
  // Names are unique across all accounts and externalReference makes creation idempotent: fresh ones per run.
  createAccount: { name: 'Acme Lettings {{$guid}}', externalReference: 'crm-{{$guid}}' },
  // A check of the bank account this run created (an integer: the variable goes in unquoted).
  requestCheck: { checkType: 'BAV', bankAccountId: '{{bankAccountId}}' },
  // A person on the sandbox's fictional sanctions list: the case's AML check has a hit to decide.
  createCase: { givenNames: 'Viktor', surname: 'Kaine' },
}

/**
 * Steps run before one request. Asking for a BAV check of the bank account (by either route) needs
 * the BAV before it (its creation's, or the one just requested) to have ended, else 409 names it:
 * wait for it. Deciding an AML hit needs the case's AML check (run when the case was created) to
 * have completed: wait for it, and decide its first hit.
 */
const WAIT_FOR_BANK_ACCOUNT_BAV = `
const base = pm.variables.get('baseUrl');
const header = { Authorization: 'Bearer ' + pm.collectionVariables.get('accessToken') };
const bankAccountId = Number(pm.collectionVariables.get('bankAccountId'));
const wait = (triesLeft) => pm.sendRequest({ url: base + '/api/cases/' + pm.collectionVariables.get('caseId') + '/checks', header }, (err, res) => {
  // Without an answer (no token, say) the request goes ahead and its own test reports why.
  const pending = !err && res.code === 200 && res.json().some((c) => c.subject.type === 'bankAccount' && c.subject.id === bankAccountId && c.status === 'pending');
  if (pending && triesLeft > 0) setTimeout(() => wait(triesLeft - 1), 200);
});
wait(50);
`.trim().split('\n')

const PRE_REQUESTS: Record<string, string[]> = {
  requestCheck: WAIT_FOR_BANK_ACCOUNT_BAV,
  requestBavCheck: WAIT_FOR_BANK_ACCOUNT_BAV,
  decideAmlHit: `
const base = pm.variables.get('baseUrl');
const header = { Authorization: 'Bearer ' + pm.collectionVariables.get('accessToken') };
const wait = (triesLeft) => pm.sendRequest({ url: base + '/api/cases/' + pm.collectionVariables.get('caseId') + '/checks', header }, (err, res) => {
  const aml = !err && res.code === 200 ? res.json().find((c) => c.checkType === 'AML') : undefined;
  if (aml && aml.status !== 'pending') pm.collectionVariables.set('checkId', String(aml.id));
  else if (!err && res.code === 200 && triesLeft > 0) setTimeout(() => wait(triesLeft - 1), 200);
});
wait(50);
`.trim().split('\n'),
}

/**
 * Multipart forms, by operation. A file part names a file in newman's working directory (or one a
 * Postman user picks): the quickstart downloads clean-statement.pdf from the sandbox's samples first.
 */
const FORMS: Record<string, { key: string, type: 'text' | 'file', value?: string, src?: string }[]> = {
  uploadDocument: [{ key: 'documentType', type: 'text', value: 'BankStatement' }, { key: 'file', type: 'file', src: 'clean-statement.pdf' }],
}

/** Path parameters named otherwise than the id their segment stores, with the value the collection gives them. */
const PATH_VARIABLES: Record<string, { variable: string, value: string }> = {
  name: { variable: 'sampleName', value: 'clean-statement.pdf' },
  hitId: { variable: 'hitId', value: '1' },
}

/** Body fields whose variable holds a number, written into the raw JSON without quotes. */
const NUMERIC_VARIABLES = ['{{bankAccountId}}']

// Runs before every request: gets a token with the clientId and clientSecret variables, caches it
// in the collection until a minute before it expires, and the collection's bearer auth sends it.
const PRE_REQUEST = `
const isAuthenticate = pm.request.url.getPath().toLowerCase().endsWith('/api/authenticate');
const token = pm.collectionVariables.get('accessToken');
const expiresAt = Number(pm.collectionVariables.get('accessTokenExpiresAt') || 0);
if (!isAuthenticate && !(token && Date.now() < expiresAt - 60000)) {
  pm.sendRequest({
    url: pm.variables.get('baseUrl') + '/api/authenticate',
    method: 'POST',
    header: { 'Content-Type': 'application/json' },
    body: { mode: 'raw', raw: JSON.stringify({ clientId: pm.variables.get('clientId'), clientSecret: pm.variables.get('clientSecret') }) }
  }, (err, res) => {
    if (err || res.code !== 200) { console.error('idcheck: authentication failed; set the clientId and clientSecret variables', err || res.code); return; }
    const body = res.json();
    pm.collectionVariables.set('accessToken', body.accessToken);
    pm.collectionVariables.set('accessTokenExpiresAt', String(Date.now() + body.expires * 1000));
  });
}
`.trim().split('\n')

/** GET /postman.json: the collection, its baseUrl set to the service's public origin. */
export function registerPostman (app: FastifyInstance, origin: () => string): void {
  let cached: Promise<Collection> | null = null
  app.get('/postman.json', { config: { public: true }, schema: { hide: true } }, async () => {
    cached ??= buildCollection(app.swagger() as OpenApiDocument)
    const collection = structuredClone(await cached)
    collection.variable = collection.variable.map((v) => v.key === 'baseUrl' ? { ...v, value: origin() } : v)
    return collection
  })
}

interface OpenApiOperation { operationId?: string, security?: Record<string, string[]>[], responses?: Record<string, unknown> }
interface OpenApiDocument { paths: Record<string, Record<string, OpenApiOperation>> }
interface Variable { key: string, value: string, type?: string, disabled?: boolean, description?: unknown }
interface Request {
  method: string
  url: { path?: string[], host?: string[], query?: Variable[], variable?: Variable[], raw?: string }
  header?: Variable[]
  body?: { mode?: string, raw?: string, formdata?: { key: string, type: string, value?: string, src?: string }[] }
  auth?: unknown
}
interface Item { name: string, item?: Item[], request?: Request, event?: unknown[], response?: unknown[] }
export interface Collection { info: Record<string, unknown>, item: Item[], variable: Variable[], auth?: unknown, event?: unknown[] }

interface PlannedOperation { operationId: string, isPublic: boolean, successCodes: number[] }

/** The collection for an OpenAPI document: converted, then made runnable in order. */
export async function buildCollection (openapi: OpenApiDocument): Promise<Collection> {
  const operations = operationsOf(openapi)
  const collection = await convert(openapi)
  const deletions: Item[] = []
  const prepare = (items: Item[]): Item[] => {
    for (const item of items) {
      if (item.item) item.item = prepare(item.item)
      else if (item.request) prepareRequest(item, operations)
    }
    deletions.push(...items.filter((i) => i.request?.method === 'DELETE'))
    return items.filter((i) => i.request?.method !== 'DELETE')
  }
  collection.item = prepare(collection.item).filter((folder) => !folder.item || folder.item.length > 0)
  // Deletions run last, in a folder of their own, so every request that needs a resource (a check
  // of the bank account, say) runs while it exists.
  if (deletions.length > 0) collection.item.push({ name: 'Clean up', item: deletions })
  collection.variable = [
    { key: 'baseUrl', value: 'http://127.0.0.1:3000', type: 'string' },
    { key: 'clientId', value: '', type: 'string' },
    { key: 'clientSecret', value: '', type: 'string' },
    { key: 'accessToken', value: '', type: 'string' },
    { key: 'accessTokenExpiresAt', value: '0', type: 'string' },
    ...Object.values(CAPTURES).map(({ variable }) => ({ key: variable, value: '', type: 'string' })),
    ...Object.values(PATH_VARIABLES).map(({ variable, value }) => ({ key: variable, value, type: 'string' })),
  ]
  collection.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] }
  collection.event = [{ listen: 'prerequest', script: { type: 'text/javascript', exec: PRE_REQUEST } }]
  return collection
}

function operationsOf (openapi: OpenApiDocument): Map<string, PlannedOperation> {
  const operations = new Map<string, PlannedOperation>()
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations.set(`${method.toUpperCase()} ${path.toLowerCase()}`, {
        operationId: op.operationId ?? `${method} ${path}`,
        isPublic: !op.security?.some((s) => 'bearerAuth' in s),
        successCodes: Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s)).map(Number),
      })
    }
  }
  return operations
}

function prepareRequest (item: Item, operations: Map<string, PlannedOperation>): void {
  const request = item.request!
  const segments = request.url.path ?? []
  const templatePath = '/' + segments.map((s) => s.startsWith(':') ? `{${s.slice(1)}}` : s).join('/')
  const op = operations.get(`${request.method} ${templatePath.toLowerCase()}`)
  if (!op) throw new Error(`postman: no OpenAPI operation for ${request.method} ${templatePath}`)

  // The collection's bearer auth (fed by the pre-request step), or none for public operations.
  if (op.isPublic) request.auth = { type: 'noauth' }
  else delete request.auth

  // Path parameters come from the ids that earlier requests stored.
  request.url.variable = (request.url.variable ?? []).map((v) => ({ ...v, value: `{{${pathVariable(segments, v.key)}}}` }))
  // api-version stays on (recommended); other optional query parameters start switched off.
  request.url.query = (request.url.query ?? []).map((q) => ({ ...q, disabled: q.key !== 'api-version' }))

  const fields = BODY_FIELDS[op.operationId]
  if (fields && request.body?.raw) {
    const raw = JSON.stringify({ ...JSON.parse(request.body.raw), ...fields }, null, 2)
    request.body.raw = NUMERIC_VARIABLES.reduce((text, variable) => text.replaceAll(`"${variable}"`, variable), raw)
  }

  const form = FORMS[op.operationId]
  if (form) request.body = { mode: 'formdata', formdata: form }

  item.event = [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(request.method, templatePath, op) } }]
  const before = PRE_REQUESTS[op.operationId]
  if (before) item.event.unshift({ listen: 'prerequest', script: { type: 'text/javascript', exec: before } })
}

/** `{id}` after /accounts/ is {{accountId}}, after /bank-accounts/ {{bankAccountId}}; PATH_VARIABLES are renamed; other names stay. */
function pathVariable (segments: string[], name: string): string {
  if (PATH_VARIABLES[name]) return PATH_VARIABLES[name].variable
  if (name !== 'id') return name
  const resource = segments[segments.indexOf(':id') - 1] ?? ''
  const singular = resource.replace(/s$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  return `${singular}Id`
}

function testScript (method: string, path: string, op: PlannedOperation): string[] {
  const codes = JSON.stringify(op.successCodes)
  const lines = [`pm.test(${JSON.stringify(`${method} ${path} answers ${op.successCodes.join(' or ')}`)}, function () {`,
    `  pm.expect(pm.response.code).to.be.oneOf(${codes});`,
    '});']
  const capture = CAPTURES[op.operationId]
  if (capture) {
    const access = capture.from ? capture.from.split('.').map((k) => `[${JSON.stringify(k)}]`).join('') : ''
    lines.push(`if (${codes}.includes(pm.response.code)) {`,
      `  pm.collectionVariables.set(${JSON.stringify(capture.variable)}, String(pm.response.json()${access}));`,
      '}')
  }
  return lines
}

// The converter weighs ~60 MB once loaded: load it on the first request for the collection, not at start.
async function convert (openapi: object): Promise<Collection> {
  const { default: Converter } = await import('openapi-to-postmanv2')
  return new Promise((resolve, reject) => {
    Converter.convert({ type: 'json', data: openapi }, {
      folderStrategy: 'Tags',
      requestParametersResolution: 'Example',
      exampleParametersResolution: 'Example',
    }, (err, result) => {
      const output = result as unknown as { result: boolean, reason?: string, output: { data: Collection }[] }
      if (err || !output.result) reject(err ?? new Error(`OpenAPI to Postman conversion failed: ${output.reason}`))
      else resolve(output.output[0]!.data)
    })
  })
}
