import { Type } from 'typebox'
import { BankAccountParams, CaseParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, jsonResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { bankAccountExamples, CreateBankAccountBody } from './bank-accounts.schemas.ts'
import type { BankAccountsService } from './bank-accounts.service.ts'

const caseNotFound = Type.Null({ description: 'No such case among yours (empty body)' })

export function bankAccountsRoutes (bankAccounts: BankAccountsService) {
  return defineRoutes({ tags: ['Bank accounts'] }, [
    route({
      method: 'GET', url: '/api/cases/:caseId/bank-accounts', access: 'bearer',
      schema: {
        operationId: 'listBankAccounts', summary: 'List the bank accounts of a case',
        description: 'Active (not deleted) bank accounts, each with latestBavAttempt (null until a check completes) and bavAttemptHistory (most recent first).',
        params: CaseParams, querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('BankAccount'), { description: 'The active bank accounts of the case', examples: [bankAccountExamples.list] }), ...versionError, 404: caseNotFound, ...authenticatedErrors },
      },
      handler: async (request, reply) => {
        // PostgreSQL wrote the JSON (the schema's shape and order); it is sent as it is.
        const body = await bankAccounts.listActiveJson(callerOf(request), request.params.caseId)
        return reply.type('application/json; charset=utf-8').send(body)
      },
    }),

    route({
      method: 'POST', url: '/api/cases/:caseId/bank-accounts', access: 'bearer',
      schema: {
        operationId: 'createBankAccount', summary: 'Add a bank account to a case',
        description: 'Returns the new id. When BAV is enabled on your account, a bank account verification is queued; its result arrives by webhook (bank_account.bav_completed) and in the list. Bank accounts are immutable: to correct one, delete it and create another.',
        params: CaseParams, querystring: ApiVersionQuery, body: CreateBankAccountBody,
        response: {
          200: Type.Integer({ description: 'The id of the new bank account (a bare JSON integer)', examples: [5] }),
          400: errorListResponse('A required field is missing, a field is invalid, or the country code is not recognised (one message per field); or an unsupported api-version', {
            invalidFields: ['The countryCode field must be a valid ISO 3166-1 alpha-2 country code of 2 characters, e.g. GB.', 'The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces.'],
            invalidAccountNumber: ['The accountNumber field must be exactly 8 numeric characters.'],
            unsupportedVersion: [UNSUPPORTED_VERSION],
          }),
          404: caseNotFound,
          409: jsonResponse('The same sortCode and accountNumber are already on the case: duplicateId is that bank account', Type.Ref('DuplicateBankAccount'), { duplicateId: 5 }),
          ...authenticatedErrors,
        },
      },
      handler: async (request, reply) => {
        const id = await bankAccounts.create(callerOf(request), request.params.caseId, request.body)
        return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(id))
      },
    }),

    route({
      method: 'DELETE', url: '/api/cases/:caseId/bank-accounts/:id', access: 'bearer',
      schema: {
        operationId: 'deleteBankAccount', summary: 'Delete a bank account',
        description: 'Soft delete: the record and its BAV history are kept for audit, but it leaves the list and gets no more checks.',
        params: BankAccountParams, querystring: ApiVersionQuery,
        response: { 204: Type.Null({ description: 'Deleted (no body)' }), ...versionError, 404: Type.Null({ description: 'No such active bank account on this case (empty body)' }), ...authenticatedErrors },
      },
      handler: async (request, reply) => {
        const { caseId, id } = request.params
        await bankAccounts.softDelete(callerOf(request), caseId, id)
        return reply.code(204).send(null)
      },
    }),
  ])
}
