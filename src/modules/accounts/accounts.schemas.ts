import { Type, type Static } from 'typebox'
import { REDACTED, securityWarnings } from './accounts.warnings.ts'

export const ServiceEntry = Type.Object({
  serviceId: Type.Integer({ description: 'Used when creating or updating accounts' }),
  checkType: Type.String({ description: 'Kind of check' }),
  provider: Type.String({ description: 'The provider of the check' }),
}, { $id: 'ServiceEntry', examples: [{ serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }] })

export const Account = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'Unique across all accounts in the system' }),
  enabledServices: Type.Array(Type.Ref('ServiceEntry')),
}, { $id: 'Account', examples: [{ id: 42, name: 'Acme Lettings', enabledServices: [{ serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }] }] })

export const AccountWithCredentials = Type.Object({
  account: Type.Ref('Account'),
  credentials: Type.Object({
    clientId: Type.String({ description: 'Stays the same for the life of the account' }),
    clientSecret: Type.String({ description: 'In clear only in the response that created the account; otherwise ***REDACTED***' }),
  }),
  securityWarning: Type.String({ description: 'How to keep or replace the secret; names the reset-credentials endpoint' }),
}, { $id: 'AccountWithCredentials' })

export const CredentialsReset = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'The new secret, shown once' }),
  securityWarning: Type.String(),
}, { $id: 'CredentialsReset' })

// Examples for the API description (the docs page, the Postman collection and the typed client).
const bav = { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }
const exampleCredentials = { clientId: '0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10', clientSecret: 'kq3J5xR8vN2mT7wY4zB9cD1eF6gH0jK5lP8sU3aQ2rE' }
export const accountExamples = {
  account: { id: 42, name: 'Acme Lettings', enabledServices: [bav] },
  created: { account: { id: 42, name: 'Acme Lettings', enabledServices: [bav] }, credentials: exampleCredentials, securityWarning: securityWarnings.created(42) },
  alreadyExists: { account: { id: 42, name: 'Acme Lettings', enabledServices: [bav] }, credentials: { ...exampleCredentials, clientSecret: REDACTED }, securityWarning: securityWarnings.alreadyExists(42) },
  masked: { account: { id: 42, name: 'Acme Lettings', enabledServices: [bav] }, credentials: { ...exampleCredentials, clientSecret: REDACTED }, securityWarning: securityWarnings.masked(42) },
  reset: { clientId: exampleCredentials.clientId, clientSecret: 'Zr5Tq8Wn1Ym4Xp7Vs0Ub3Ko6Jl9Ih2Gf5Ed8Cc1Ba4N', securityWarning: securityWarnings.reset() },
}

// No range on the ids: any integer that is not resellable, 0 and -1 included, is the contract's
// 400 "Invalid service ID" (the API contract), decided by the service against the caller's resellable list.
const serviceIds = Type.Array(Type.Integer(), { maxItems: 100, description: 'serviceIds from GET /api/services/resellable' })
const accountName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: 'The name field must be 1 to 200 characters and not blank.' })

export const CreateAccountBody = Type.Object({
  name: accountName,
  enabledServices: Type.Optional(Type.Union([serviceIds, Type.Null()])),
  externalReference: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], { description: "The caller's own identifier; makes creation idempotent" })),
}, { examples: [{ name: 'Acme Lettings', enabledServices: [2], externalReference: 'crm-00042' }] })
export type CreateAccountBody = Static<typeof CreateAccountBody>

export const UpdateAccountBody = Type.Object({
  name: Type.Optional(Type.Union([accountName, Type.Null()], { description: 'null or omitted: unchanged' })),
  enabledServices: Type.Optional(Type.Union([serviceIds, Type.Null()], { description: 'Replaces the whole list; null or omitted: unchanged; []: all disabled' })),
}, { examples: [{ enabledServices: [1, 2] }] })
export type UpdateAccountBody = Static<typeof UpdateAccountBody>
