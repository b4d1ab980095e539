import { Type, type Static } from 'typebox'

export const TokenRequest = Type.Object({
  clientId: Type.String({ minLength: 1, maxLength: 200, description: 'Issued at onboarding or by the Accounts API' }),
  clientSecret: Type.String({ minLength: 1, maxLength: 200, description: 'Shown once, when the account is created or its credentials reset' }),
}, { $id: 'TokenRequest', examples: [{ clientId: '0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10', clientSecret: 'q3J5x…' }] })
export type TokenRequest = Static<typeof TokenRequest>

export const TokenResponse = Type.Object({
  accessToken: Type.String({ description: 'Bearer token for the Authorization header' }),
  expires: Type.Integer({ description: 'Lifetime in seconds (3600)' }),
}, { $id: 'TokenResponse', examples: [{ accessToken: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…', expires: 3600 }] })

export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  $id: 'FieldErrors',
  description: 'Missing or invalid fields, keyed by PascalCase property name',
  examples: [{ ClientId: ['The ClientId field is required.'] }],
})
