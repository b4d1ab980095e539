import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListRef } from '../../shared/schemas.ts'
import { callerOf } from '../auth/index.ts'
import { CaseParams } from '../cases/index.ts'
import { BankAccountParams, CreateBankAccountBody } from './bank-accounts.schemas.ts'
import type { BankAccountsService } from './bank-accounts.service.ts'

const tags = ['Bank accounts']
const security = [{ bearerAuth: [] }]
const caseNotFound = Type.Null({ description: 'No such case among yours (empty body)' })

export function bankAccountsRoutes (bankAccounts: BankAccountsService) {
  return async function (app: FastifyInstance) {
    app.get('/api/cases/:caseId/bank-accounts', {
      schema: {
        tags, security, summary: 'List the bank accounts of a case',
        description: 'Active (not deleted) bank accounts, each with latestBavAttempt and bavAttemptHistory (most recent first).',
        params: CaseParams, querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('BankAccount')), 404: caseNotFound, ...authenticatedErrors },
      },
    }, (request) => bankAccounts.listActive(callerOf(request), (request.params as { caseId: number }).caseId))

    app.post('/api/cases/:caseId/bank-accounts', {
      schema: {
        tags, security, summary: 'Add a bank account to a case',
        description: 'Returns the new id. When BAV is enabled on your account, a bank account verification is queued; its result arrives by webhook (bank_account.bav_completed) and in the list. Bank accounts are immutable: to correct one, delete it and create another.',
        params: CaseParams, querystring: ApiVersionQuery, body: CreateBankAccountBody,
        response: {
          200: Type.Integer({ description: 'The id of the new bank account', examples: [17] }),
          400: errorListRef,
          404: caseNotFound,
          409: Type.Ref('DuplicateBankAccount', { description: 'The same sortCode and accountNumber are already on the case' }),
          ...authenticatedErrors,
        },
      },
    }, async (request, reply) => {
      const id = await bankAccounts.create(callerOf(request), (request.params as { caseId: number }).caseId, request.body as CreateBankAccountBody)
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(id))
    })

    app.delete('/api/cases/:caseId/bank-accounts/:id', {
      schema: {
        tags, security, summary: 'Delete a bank account',
        description: 'Soft delete: the record and its BAV history are kept for audit, but it leaves the list and gets no more checks.',
        params: BankAccountParams, querystring: ApiVersionQuery,
        response: { 204: Type.Null({ description: 'Deleted (no body)' }), 404: Type.Null({ description: 'No such active bank account on this case (empty body)' }), ...authenticatedErrors },
      },
    }, async (request, reply) => {
      const { caseId, id } = request.params as { caseId: number, id: number }
      await bankAccounts.softDelete(callerOf(request), caseId, id)
      return reply.code(204).send()
    })
  }
}
