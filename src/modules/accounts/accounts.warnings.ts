// The securityWarning texts of the Accounts API (the API contract); each names the way to a new secret.
const resetPath = (id: number) => `POST /api/accounts/${id}/reset-credentials`

export const securityWarnings = {
  created: (id: number) =>
    `Store this clientSecret securely now: it is shown only in this response and cannot be retrieved later. If it is lost, issue a new one with ${resetPath(id)}.`,
  alreadyExists: (id: number) =>
    `An account with this externalReference already exists, so no new account was created and its clientSecret is not shown again. To issue a new secret, use ${resetPath(id)}.`,
  masked: (id: number) =>
    `The clientSecret is shown only when the account is created or its credentials are reset. To issue a new one, use ${resetPath(id)}.`,
  reset: () =>
    'Store this new clientSecret securely now: it is shown only once. The previous secret has stopped working, and access tokens issued with it are revoked.',
}

export const REDACTED = '***REDACTED***'
