export { authRoutes } from './auth.routes.ts'
export { bearerAuth } from './bearer-auth.ts'
export { createAuthService } from './auth.service.ts'
export type { AuthService } from './auth.service.ts'
export { createCredentialsCache } from './credentials-cache.ts'
export type { CredentialsCache } from './credentials-cache.ts'
export { TokenRequest, TokenResponse, FieldErrors } from './auth.schemas.ts'

import { FieldErrors, TokenRequest, TokenResponse } from './auth.schemas.ts'
/** Schemas other routes and the API description refer to by $id. */
export const authSchemas = [TokenRequest, TokenResponse, FieldErrors]
