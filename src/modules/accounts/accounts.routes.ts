import { Type } from 'typebox'
import { IdParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, jsonStringResponse, problemResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import type { AccountsService } from './accounts.service.ts'
import { NotAReseller } from './accounts.errors.ts'
import { accountExamples, CreateAccountBody, UpdateAccountBody } from './accounts.schemas.ts'

const notFound = Type.Null({ description: 'No such account among those the caller created (empty body)' })
const invalidServiceOrFields = {
  description: 'A service id is not resellable by you: the JSON string "Invalid service ID" (the API contract). Any other invalid field, or an unsupported api-version: {"errors": [...]}.',
  content: {
    'application/json': {
      schema: Type.Union([Type.Literal('Invalid service ID'), Type.Ref('ErrorList')]),
      examples: {
        invalidServiceId: { summary: 'A serviceId that is not resellable by you', value: 'Invalid service ID' },
        invalidField: { summary: 'A blank name', value: { errors: ['The name field must be 1 to 200 characters and not blank.'] } },
        unsupportedVersion: { summary: 'Unsupported api-version', value: { errors: [UNSUPPORTED_VERSION] } },
      },
    },
  },
}
const nameInUse = jsonStringResponse('Name is in use by another account', 'The name is taken by another account (names are unique across all accounts, ignoring case)')

export function accountsRoutes (accounts: AccountsService) {
  return defineRoutes({ tags: ['Accounts'] }, [
    route({
      method: 'GET', url: '/api/accounts', access: 'bearer',
      schema: {
        operationId: 'listAccounts', summary: 'List your sub-accounts', description: 'The accounts the caller created, oldest first. Not paginated.',
        querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('Account'), { description: 'Your sub-accounts', examples: [[accountExamples.account]] }), ...versionError, ...authenticatedErrors },
      },
      handler: (request) => accounts.list(callerOf(request)),
    }),

    route({
      method: 'POST', url: '/api/accounts', access: 'bearer',
      schema: {
        operationId: 'createAccount', summary: 'Create a sub-account',
        description: 'Resellers only. 201 with the clientSecret in clear (shown once) and a Location header for a new account; 200 with the secret masked when externalReference already names one of your accounts, so a retried request never makes a second account. enabledServices takes serviceIds from GET /api/services/resellable.',
        querystring: ApiVersionQuery,
        body: CreateAccountBody,
        response: {
          200: Type.Ref('AccountWithCredentials', { description: 'An account with this externalReference exists already; no new account, secret masked', examples: [accountExamples.alreadyExists] }),
          201: Type.Ref('AccountWithCredentials', {
            description: 'Created; the clientSecret is in clear, in this response only',
            examples: [accountExamples.created],
            headers: { Location: Type.String({ description: 'The new account: /api/accounts/<id>', examples: ['/api/accounts/42'] }) },
          }),
          400: invalidServiceOrFields,
          403: problemResponse(403, 'The caller is not a reseller', { notAReseller: { title: 'Insufficient Permissions', detail: 'Only resellers can create accounts' } }),
          409: nameInUse,
          ...authenticatedErrors,
        },
      },
      // A non-reseller gets 403 whatever it sends (the API contract), so the role is checked before the body.
      preValidation: async (request) => { if (!callerOf(request).isReseller) throw new NotAReseller() },
      handler: async (request, reply) => {
        const { created, result } = await accounts.createSubAccount(callerOf(request), request.body)
        if (created) reply.code(201).header('location', `/api/accounts/${result.account.id}`)
        return result
      },
    }),

    route({
      method: 'GET', url: '/api/accounts/:id', access: 'bearer',
      schema: {
        operationId: 'getAccount', summary: 'Get a sub-account', description: 'The account and its clientId; the secret is always masked (***REDACTED***).',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('AccountWithCredentials', { description: 'The account, secret masked', examples: [accountExamples.masked] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: (request) => accounts.get(callerOf(request), request.params.id),
    }),

    route({
      method: 'PATCH', url: '/api/accounts/:id', access: 'bearer',
      schema: {
        operationId: 'updateAccount', summary: 'Update a sub-account', description: 'Send only what changes. name and enabledServices may be null or omitted (unchanged); enabledServices replaces the whole list, and [] disables all services.',
        params: IdParams, querystring: ApiVersionQuery, body: UpdateAccountBody,
        response: {
          204: Type.Null({ description: 'Updated (no body)' }),
          400: invalidServiceOrFields,
          404: notFound,
          409: nameInUse,
          ...authenticatedErrors,
        },
      },
      handler: async (request, reply) => {
        await accounts.update(callerOf(request), request.params.id, request.body)
        return reply.code(204).send(null)
      },
    }),

    route({
      method: 'POST', url: '/api/accounts/:id/reset-credentials', access: 'bearer',
      schema: {
        operationId: 'resetAccountCredentials', summary: 'Reset credentials',
        description: 'Issues a new clientSecret (shown once); the clientId stays. The old secret stops working at once and tokens issued with it are revoked.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('CredentialsReset', { description: 'The new secret, shown once', examples: [accountExamples.reset] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: (request) => accounts.resetCredentials(callerOf(request), request.params.id),
    }),
  ])
}
