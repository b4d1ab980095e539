import { RISK_RATINGS, type RiskRating } from '../../checks/index.ts'
import type { BavHolder, BavHolderStatus } from '../bav.schemas.ts'

/** The VerificationReport of an Open Banking CoP answer, as read by cop-client.ts. */
export interface CopReport { matched: boolean, reasonCode: string | null, name: string | null }

interface Meaning { status: BavHolderStatus, rating: RiskRating, message: string, showsName: boolean }

const meaning = (status: BavHolderStatus, rating: RiskRating, message: string, showsName = false): Meaning => ({ status, rating, message, showsName })
const { low, medium, high } = RISK_RATINGS

// Pay.UK / Open Banking CoP reason codes. We always ask about a Personal account, so BANM and BAMM
// (the account is a business one) are what a type mismatch usually looks like.
const MEANINGS: Readonly<Record<string, Meaning>> = {
  MATC: meaning('confirmed', low, 'The name matches the account holder\'s name.'),
  MBAM: meaning('close_match', medium, 'The name is close to, but not the same as, the account holder\'s name (nameOnAccount); check it with your customer.', true),
  BAMM: meaning('close_match', medium, 'The name is close to the account holder\'s name (nameOnAccount), and the account is a business account, not a personal one; check both with your customer.', true),
  PAMM: meaning('close_match', medium, 'The name is close to the account holder\'s name (nameOnAccount), and the account is a personal account, not a business one; check both with your customer.', true),
  BANM: meaning('account_type_mismatch', medium, 'The name matches, but the account is a business account, not a personal one.', true),
  PANM: meaning('account_type_mismatch', medium, 'The name matches, but the account is a personal account, not a business one.', true),
  ANNM: meaning('not_matched', high, 'The name does not match the account holder\'s name.'),
  AC01: meaning('account_not_found', high, 'The bank says there is no such account at this sort code.'),
  ACNS: meaning('not_confirmed', medium, 'The holder was not confirmed: this account does not take part in Confirmation of Payee.'),
  OPTO: meaning('not_confirmed', medium, 'The holder was not confirmed: the account holder has opted out of Confirmation of Payee.'),
  SCNS: meaning('not_confirmed', medium, 'The holder was not confirmed: the bank of this sort code does not take part in Confirmation of Payee.'),
  CASS: meaning('not_confirmed', medium, 'The holder was not confirmed: the account has been switched to another bank (Current Account Switch Service); ask your customer for their new account details.'),
  IVCR: meaning('not_confirmed', medium, 'The holder was not confirmed: the account needs a secondary reference (such as a building society roll number), which is not sent.'),
}

/** The answer codes idcheck understands, for the API description and the docs. */
export const COP_CODES = Object.keys(MEANINGS)

/**
 * What a CoP answer says of the holder, and its rating; undefined for an answer that is not one of
 * the spec's (an unknown code, or Matched contradicting the code), which the caller must not guess at.
 */
export function holderFromCop (report: CopReport): { holder: BavHolder, rating: RiskRating } | undefined {
  // A match carries no reason code in the spec; MATC is accepted too, as some providers send it.
  const code = report.reasonCode ?? (report.matched ? 'MATC' : null)
  const found = code === null ? undefined : MEANINGS[code]
  if (!found || report.matched !== (code === 'MATC')) return undefined
  return {
    holder: { status: found.status, code, nameOnAccount: found.showsName ? report.name : null, message: found.message },
    rating: found.rating,
  }
}
