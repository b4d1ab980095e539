import type { BavCopConfig } from '../../config/config.ts'
import { CheckCannotComplete, type ProviderAnswer, RISK_RATINGS, type RiskRating } from '../checks/index.ts'
import type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'
import type { BavHolder } from './bav.schemas.ts'
import { holderFromCop } from './cop/cop-answers.ts'
import { askCop } from './cop/cop-client.ts'
import { checkModulus, type ModulusCheckResult } from './modulus-check.ts'

export const MODULUS_PROVIDER_NAME = 'idcheck-modulus'

/** The provider's name: the operator's, or the CoP API's host (the token stays out of it). */
export const productionProviderName = (cop: BavCopConfig | null) =>
  cop === null ? MODULUS_PROVIDER_NAME : cop.providerName ?? `${MODULUS_PROVIDER_NAME} + CoP (${new URL(cop.url).host})`

const MODULUS_FLOOR: Record<ModulusCheckResult['result'], RiskRating> = { pass: RISK_RATINGS.low, not_covered: RISK_RATINGS.medium, fail: RISK_RATINGS.high }

const worse = (a: RiskRating, b: RiskRating) => (a.id >= b.id ? a : b)

const notConfirmed = (message: string): BavHolder => ({ status: 'not_confirmed', code: null, nameOnAccount: null, message })

/** An impossible account: no bank is asked about it. */
export const MODULUS_FAILED_HOLDER = notConfirmed('The holder was not checked: the account number is not possible at this sort code (modulus check failed).')

/** The holder's name as CoP matches it: the bank account's names, in order. */
const holderName = (subject: BavSubject) =>
  [subject.firstName, subject.middleNames, subject.lastName].map((n) => n?.trim()).filter(Boolean).join(' ')

/**
 * Production BAV: the modulus check, then, with CoP configured, the holder's name at the bank. The
 * rating is the worse of the two: an impossible account is High without asking anyone, a sort code
 * outside VocaLink's table is Medium at best, and without CoP no holder is confirmed, so Medium at best.
 * Production knows no bank names (nothing here maps sort codes to banks), so bankName is null.
 */
export function createProductionBavProvider (cop: BavCopConfig | null): BavProvider {
  const name = productionProviderName(cop)
  return {
    name,
    summary: cop === null
      ? 'the modulus check only (no BAV_COP_URL): holders are not confirmed, so a valid account rates Medium at best'
      : `the modulus check, then Confirmation of Payee at ${new URL(cop.url).host} (timeout ${cop.timeoutMs} ms)`,
    async run (subject: BavSubject): Promise<ProviderAnswer<BavResult>> {
      const modulus = checkModulus(subject.sortCode, subject.accountNumber).result
      const floor = MODULUS_FLOOR[modulus]
      const answer = (rating: RiskRating, holder: BavHolder): ProviderAnswer<BavResult> =>
        ({ riskRating: worse(floor, rating), result: { bankName: null, modulus, holder } })
      if (modulus === 'fail') return answer(RISK_RATINGS.high, MODULUS_FAILED_HOLDER)
      if (cop === null) return answer(RISK_RATINGS.medium, notConfirmed('The holder was not confirmed: no Confirmation of Payee service is configured, so only the modulus check ran.'))
      const report = await askCop(cop, name, { sortCode: subject.sortCode, accountNumber: subject.accountNumber, name: holderName(subject) })
      const found = holderFromCop(report)
      if (!found) {
        throw new CheckCannotComplete(`The Confirmation of Payee service answered ${report.reasonCode === null ? 'without a reason code' : `reason code ${JSON.stringify(report.reasonCode.slice(0, 16))}`} with Matched ${report.matched}, which is not an answer of the CoP specification, so the account holder could not be checked.`)
      }
      return answer(found.rating, found.holder)
    },
  }
}
