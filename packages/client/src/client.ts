import createClient, { type Client } from 'openapi-fetch'
import { IdcheckApiError } from './errors.ts'
import type { components, operations, paths } from './openapi.d.ts'
import { createTransport } from './transport.ts'

export type Schemas = components['schemas']
type JsonBody<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never

export type CreateAccountBody = JsonBody<'createAccount'>
export type UpdateAccountBody = JsonBody<'updateAccount'>
export type CreateCaseBody = JsonBody<'createCase'>
export type CreateBankAccountBody = JsonBody<'createBankAccount'>
export type CreateWebhookBody = JsonBody<'createWebhook'>
export type CreateCheckBody = JsonBody<'requestCheck'>
export type CaseListQuery = NonNullable<operations['listCases']['parameters']['query']>
export type DocumentType = Schemas['Document']['documentType']
/** A document to upload: its bytes (a Blob, or bytes read from a file) and the name to keep. */
export interface DocumentUpload { documentType: DocumentType, file: Blob | Uint8Array, fileName: string }

export interface IdcheckClientOptions {
  /** The service's origin, e.g. https://sandbox.idcheck.example or http://127.0.0.1:3000. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>
  /** Sent as the api-version query parameter on every request (default 1.0). */
  apiVersion?: string
  /** Renew the token this long before it expires (default 60 s). */
  renewBeforeMs?: number
  /** Retries per request for network errors, 429s and 503s (default 3 each). */
  maxRetries?: number
  /** First backoff after a network error (default 200 ms, doubling). */
  retryDelayMs?: number
  /** Longest Retry-After to wait for (default 60 s). */
  maxRetryAfterMs?: number
  /** Clock and timer, replaceable in tests. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** A fully typed idcheck client: convenience methods that throw IdcheckApiError on a non-2xx answer, and `api` for everything else. */
export type IdcheckClient = ReturnType<typeof createIdcheckClient>

interface Result<D> { data?: D, error?: unknown, response: Response }

/** The data of a 2xx answer; IdcheckApiError with the API's body otherwise. */
async function ok<D> (method: string, path: string, call: Promise<Result<D>>): Promise<D> {
  const { data, error, response } = await call
  if (!response.ok) throw new IdcheckApiError(method, path, response, error === '' ? undefined : error)
  return data as D
}

export function createIdcheckClient (options: IdcheckClientOptions) {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    apiVersion: options.apiVersion ?? '1.0',
    now: options.now ?? Date.now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    renewBeforeMs: options.renewBeforeMs ?? 60_000,
    maxRetries: options.maxRetries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  })
  const api: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: transport.fetch })
  const id = (value: number) => ({ params: { path: { id: value } } })
  const caseOf = (caseId: number) => ({ params: { path: { caseId } } })
  /** A resource of a case: a bank account, a document. */
  const ofCase = (caseId: number, value: number) => ({ params: { path: { caseId, id: value } } })

  return {
    /** The openapi-fetch client over every operation of the API, with the same token and retry handling. */
    api,
    /** The current access token (authenticates when there is none or it is about to expire). */
    token: () => transport.token(),
    /** GET /api/Ping: "Pong". */
    ping: () => ok('GET', '/api/Ping', api.GET('/api/Ping', { parseAs: 'text' })) as Promise<string>,

    accounts: {
      list: () => ok('GET', '/api/accounts', api.GET('/api/accounts')),
      /** created: false when externalReference named an existing account (its secret is then masked). */
      create: async (body: CreateAccountBody) => {
        const result = await api.POST('/api/accounts', { body })
        const data = await ok('POST', '/api/accounts', Promise.resolve(result))
        return { ...data, created: result.response.status === 201 }
      },
      get: (accountId: number) => ok('GET', '/api/accounts/{id}', api.GET('/api/accounts/{id}', id(accountId))),
      update: async (accountId: number, body: UpdateAccountBody): Promise<void> => {
        await ok('PATCH', '/api/accounts/{id}', api.PATCH('/api/accounts/{id}', { ...id(accountId), body }))
      },
      resetCredentials: (accountId: number) => ok('POST', '/api/accounts/{id}/reset-credentials', api.POST('/api/accounts/{id}/reset-credentials', id(accountId))),
      resellableServices: () => ok('GET', '/api/services/resellable', api.GET('/api/services/resellable')),
    },

    cases: {
      create: (body: CreateCaseBody) => ok('POST', '/api/cases', api.POST('/api/cases', { body })),
      get: (caseId: number) => ok('GET', '/api/cases/{caseId}', api.GET('/api/cases/{caseId}', caseOf(caseId))),
      list: (query: CaseListQuery = {}) => ok('GET', '/api/cases', api.GET('/api/cases', { params: { query } })),
    },

    bankAccounts: {
      list: (caseId: number) => ok('GET', '/api/cases/{caseId}/bank-accounts', api.GET('/api/cases/{caseId}/bank-accounts', caseOf(caseId))),
      /** The id of the new bank account. */
      create: (caseId: number, body: CreateBankAccountBody) =>
        ok('POST', '/api/cases/{caseId}/bank-accounts', api.POST('/api/cases/{caseId}/bank-accounts', { ...caseOf(caseId), body })),
      delete: async (caseId: number, bankAccountId: number): Promise<void> => {
        await ok('DELETE', '/api/cases/{caseId}/bank-accounts/{id}', api.DELETE('/api/cases/{caseId}/bank-accounts/{id}', ofCase(caseId, bankAccountId)))
      },
      requestBavCheck: (caseId: number, bankAccountId: number) =>
        ok('POST', '/api/cases/{caseId}/bank-accounts/{id}/bav-checks', api.POST('/api/cases/{caseId}/bank-accounts/{id}/bav-checks', ofCase(caseId, bankAccountId))),
    },

    documents: {
      /** Uploads a PDF, PNG or JPEG (its type is told from its bytes); its checks are queued. */
      upload: (caseId: number, { documentType, file, fileName }: DocumentUpload) => {
        const form = new FormData()
        form.append('documentType', documentType)
        form.append('file', file instanceof Blob ? file : new Blob([Uint8Array.from(file)]), fileName)
        // The form goes as it is: fetch writes the multipart body and its boundary.
        return ok('POST', '/api/cases/{caseId}/documents', api.POST('/api/cases/{caseId}/documents', { ...caseOf(caseId), body: form as never, bodySerializer: (body: unknown) => body as FormData }))
      },
      list: (caseId: number) => ok('GET', '/api/cases/{caseId}/documents', api.GET('/api/cases/{caseId}/documents', caseOf(caseId))),
      /** The document with its latest extraction and risk checks. */
      get: (caseId: number, documentId: number) => ok('GET', '/api/cases/{caseId}/documents/{id}', api.GET('/api/cases/{caseId}/documents/{id}', ofCase(caseId, documentId))),
      /** The original bytes. */
      content: async (caseId: number, documentId: number): Promise<Uint8Array> =>
        new Uint8Array(await ok('GET', '/api/cases/{caseId}/documents/{id}/content', api.GET('/api/cases/{caseId}/documents/{id}/content', { ...ofCase(caseId, documentId), parseAs: 'arrayBuffer' })) as ArrayBuffer),
      delete: async (caseId: number, documentId: number): Promise<void> => {
        await ok('DELETE', '/api/cases/{caseId}/documents/{id}', api.DELETE('/api/cases/{caseId}/documents/{id}', ofCase(caseId, documentId)))
      },
    },

    checks: {
      /** The pending check; its result arrives by the check.completed webhook and from get(). */
      request: (caseId: number, body: CreateCheckBody) => ok('POST', '/api/cases/{caseId}/checks', api.POST('/api/cases/{caseId}/checks', { ...caseOf(caseId), body })),
      list: (caseId: number) => ok('GET', '/api/cases/{caseId}/checks', api.GET('/api/cases/{caseId}/checks', caseOf(caseId))),
      get: (caseId: number, checkId: number) =>
        ok('GET', '/api/cases/{caseId}/checks/{id}', api.GET('/api/cases/{caseId}/checks/{id}', { params: { path: { caseId, id: checkId } } })),
      /** An analyst's decision on a hit of a completed AML check; a false positive is not raised again for the case. */
      decideHit: async (caseId: number, checkId: number, hitId: number, decision: 'false_positive' | 'true_positive'): Promise<void> => {
        await ok('PATCH', '/api/cases/{caseId}/checks/{id}/hits/{hitId}',
          api.PATCH('/api/cases/{caseId}/checks/{id}/hits/{hitId}', { params: { path: { caseId, id: checkId, hitId } }, body: { decision } }))
      },
      /** The decisions on the case's AML hits, newest first: one per listed entry. */
      hitDecisions: (caseId: number) => ok('GET', '/api/cases/{caseId}/hit-decisions', api.GET('/api/cases/{caseId}/hit-decisions', caseOf(caseId))),
    },

    webhooks: {
      /** The signing secret is in this answer only. */
      create: (body: CreateWebhookBody) => ok('POST', '/api/webhooks', api.POST('/api/webhooks', { body })),
      list: () => ok('GET', '/api/webhooks', api.GET('/api/webhooks')),
      get: (webhookId: number) => ok('GET', '/api/webhooks/{id}', api.GET('/api/webhooks/{id}', id(webhookId))),
      delete: async (webhookId: number): Promise<void> => {
        await ok('DELETE', '/api/webhooks/{id}', api.DELETE('/api/webhooks/{id}', id(webhookId)))
      },
      sendTest: (webhookId: number) => ok('POST', '/api/webhooks/{id}/test', api.POST('/api/webhooks/{id}/test', id(webhookId))),
      deliveries: (webhookId: number) => ok('GET', '/api/webhooks/{id}/deliveries', api.GET('/api/webhooks/{id}/deliveries', id(webhookId))),
      retryDelivery: (webhookId: number, deliveryId: number) =>
        ok('POST', '/api/webhooks/{id}/deliveries/{deliveryId}/retry', api.POST('/api/webhooks/{id}/deliveries/{deliveryId}/retry', { params: { path: { id: webhookId, deliveryId } } })),
    },
  }
}
