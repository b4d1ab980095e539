/** The one risk scale every check type rates on. */
export const RISK_RATINGS = {
  low: { id: 1, name: 'Low' },
  medium: { id: 2, name: 'Medium' },
  high: { id: 3, name: 'High' },
} as const

export type RiskRatingId = 1 | 2 | 3
export type RiskRatingName = 'Low' | 'Medium' | 'High'
export type RiskRating = { readonly id: RiskRatingId, readonly name: RiskRatingName }

const BY_ID: Record<number, RiskRating> = { 1: RISK_RATINGS.low, 2: RISK_RATINGS.medium, 3: RISK_RATINGS.high }

export function riskRatingOf (id: number): RiskRating {
  const rating = BY_ID[id]
  if (!rating) throw new Error(`no risk rating ${id}`)
  return rating
}
