import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListRef, IdParams } from '../../shared/schemas.ts'
import { callerOf } from '../auth/index.ts'
import type { AccountsService } from './accounts.service.ts'
import { NotAReseller } from './accounts.errors.ts'
import { CreateAccountBody, UpdateAccountBody } from './accounts.schemas.ts'

const tags = ['Accounts']
const security = [{ bearerAuth: [] }]
const notFound = Type.Null({ description: 'No such account among those the caller created (empty body)' })
const jsonString = (text: string, description: string) => Type.Literal(text, { description })

export function accountsRoutes (accounts: AccountsService) {
  return async function (app: FastifyInstance) {
    app.get('/api/accounts', {
      schema: {
        tags, security, summary: 'List your sub-accounts', description: 'The accounts the caller created, oldest first.',
        querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('Account')), ...authenticatedErrors },
      },
    }, (request) => accounts.list(callerOf(request)))

    app.post('/api/accounts', {
      schema: {
        tags, security, summary: 'Create a sub-account',
        description: 'Resellers only. 201 with the clientSecret in clear (shown once) for a new account; 200 with the secret masked when externalReference already names one of your accounts.',
        querystring: ApiVersionQuery,
        body: CreateAccountBody,
        response: {
          200: Type.Ref('AccountWithCredentials', { description: 'An account with this externalReference exists already; secret masked' }),
          201: Type.Ref('AccountWithCredentials', { description: 'Created; Location names the new account' }),
          400: Type.Union([jsonString('Invalid service ID', 'A service id is not resellable by the caller'), errorListRef]),
          403: Type.Ref('ProblemDetails', { description: 'The caller is not a reseller' }),
          409: jsonString('Name is in use by another account', 'Account names are unique, ignoring case'),
          ...authenticatedErrors,
        },
      },
      // A non-reseller gets 403 whatever it sends (spec §5.5), so the role is checked before the body.
      preValidation: async (request) => { if (!callerOf(request).isReseller) throw new NotAReseller() },
    }, async (request, reply) => {
      const { created, result } = await accounts.createSubAccount(callerOf(request), request.body as CreateAccountBody)
      if (created) reply.code(201).header('location', `/api/accounts/${result.account.id}`)
      return result
    })

    app.get('/api/accounts/:id', {
      schema: {
        tags, security, summary: 'Get a sub-account', description: 'The account and its clientId; the secret is always masked.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('AccountWithCredentials'), 404: notFound, ...authenticatedErrors },
      },
    }, (request) => accounts.get(callerOf(request), (request.params as { id: number }).id))

    app.patch('/api/accounts/:id', {
      schema: {
        tags, security, summary: 'Update a sub-account', description: 'Send only what changes. enabledServices replaces the whole list; [] disables all services.',
        params: IdParams, querystring: ApiVersionQuery, body: UpdateAccountBody,
        response: {
          204: Type.Null({ description: 'Updated (no body)' }),
          400: Type.Union([jsonString('Invalid service ID', 'A service id is not resellable by the caller'), errorListRef]),
          404: notFound,
          409: jsonString('Name is in use by another account', 'Account names are unique, ignoring case'),
          ...authenticatedErrors,
        },
      },
    }, async (request, reply) => {
      await accounts.update(callerOf(request), (request.params as { id: number }).id, request.body as UpdateAccountBody)
      return reply.code(204).send()
    })

    app.post('/api/accounts/:id/reset-credentials', {
      schema: {
        tags, security, summary: 'Reset credentials',
        description: 'Issues a new clientSecret (shown once); the clientId stays. The old secret stops working at once and tokens issued with it are revoked.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('CredentialsReset'), 404: notFound, ...authenticatedErrors },
      },
    }, (request) => accounts.resetCredentials(callerOf(request), (request.params as { id: number }).id))
  }
}
