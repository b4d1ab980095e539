// The seam between the BAV job and whoever verifies bank accounts: the sandbox provider in
// sandbox mode, a commercial adapter in production (docs/decisions.md, Sandbox BAV provider).

export const RISK_RATINGS = {
  low: { id: 1, name: 'Low' },
  medium: { id: 2, name: 'Medium' },
  high: { id: 3, name: 'High' },
} as const

export type RiskRatingId = 1 | 2 | 3
export type RiskRatingName = 'Low' | 'Medium' | 'High'
export type RiskRating = { readonly id: RiskRatingId, readonly name: RiskRatingName }

export type BavCheckInput = {
  countryCode: string
  firstName: string
  middleNames: string | null
  lastName: string
  sortCode: string
  accountNumber: string
  bankName: string | null
}

export type BavCheckResult = {
  bankName: string | null
  riskRating: RiskRating
}

export interface BavProvider {
  readonly name: string
  check(input: BavCheckInput): Promise<BavCheckResult>
}

// Transient by contract: the job retries it with backoff, so an adapter must throw this only
// when asking again later can succeed (timeouts, 5xx, rate limits), never for a bad account.
export class BavProviderUnavailable extends Error {
  readonly providerName: string

  constructor (providerName: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'BavProviderUnavailable'
    this.providerName = providerName
  }
}
