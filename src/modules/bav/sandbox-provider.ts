import { ProviderUnavailable, type ProviderAnswer, RISK_RATINGS, type RiskRating } from '../checks/index.ts'
import type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'
import type { BavHolder } from './bav.schemas.ts'
import { holderFromCop } from './cop/cop-answers.ts'
import { checkModulus } from './modulus-check.ts'
import { MODULUS_FAILED_HOLDER } from './production-provider.ts'

// Every pair below is a published VocaLink modulus-checking test pair that passes the bundled
// table, so an integrator's own form validation accepts it. docs/sandbox.md is the public
// copy of these tables; change both together.

const SANDBOX_PROVIDER_NAME = 'Sandbox'

const FALLBACK_BANK_NAME = 'Sandbox Bank'

const BANK_NAMES: ReadonlyMap<string, string> = new Map([
  ['089999', 'Sandbox Albion Bank'],
  ['107999', 'Sandbox Pennine Building Society'],
  ['202959', 'Sandbox Thames Savings Bank'],
  ['938063', 'Sandbox Caledonian Bank'],
])

/** The holder a CoP answer code gives in production (cop-answers.ts), so both say the same. */
function copHolder (code: string, nameOnAccount: string | null = null): BavHolder {
  return holderFromCop({ matched: code === 'MATC', reasonCode: code === 'MATC' ? null : code, name: nameOnAccount })!.holder
}

// Listed pairs only; any other modulus-valid pair rates Low, like a clean real account whose
// holder Confirmation of Payee confirms. Each listed rating comes with the holder answer that gives
// it in production (bav.schemas.ts), with a fixed fictional name, as the sandbox ignores the names sent.
const LISTED: ReadonlyMap<string, { riskRating: RiskRating, holder: BavHolder }> = new Map([
  ['107999' + '88837491', { riskRating: RISK_RATINGS.medium, holder: copHolder('MBAM', 'Sandbox Holder') }],
  ['202959' + '63748472', { riskRating: RISK_RATINGS.high, holder: copHolder('ANNM') }],
])

const CONFIRMED = copHolder('MATC')
// A sort code outside VocaLink's table: as if its bank were not in CoP.
const SORT_CODE_NOT_SUPPORTED = copHolder('SCNS')

const UNAVAILABLE_PAIR = '938063' + '55065200'

function rate (sortCode: string, accountNumber: string): ProviderAnswer<BavResult> {
  const modulus = checkModulus(sortCode, accountNumber).result
  // Outside VocaLink's table nothing names the bank and nothing confirms the account: not
  // evidence of fraud, but not a clean result either.
  if (modulus === 'not_covered') return { riskRating: RISK_RATINGS.medium, result: { bankName: null, modulus, holder: SORT_CODE_NOT_SUPPORTED } }
  const bankName = BANK_NAMES.get(sortCode) ?? FALLBACK_BANK_NAME
  if (modulus === 'fail') return { riskRating: RISK_RATINGS.high, result: { bankName, modulus, holder: MODULUS_FAILED_HOLDER } }
  const listed = LISTED.get(sortCode + accountNumber)
  return { riskRating: listed?.riskRating ?? RISK_RATINGS.low, result: { bankName, modulus, holder: listed?.holder ?? CONFIRMED } }
}

// Deterministic on sort code and account number alone (no names, no clock, no randomness),
// so the same request always gives the same attempt, like test card numbers.
export function createSandboxBavProvider (): BavProvider {
  return {
    name: SANDBOX_PROVIDER_NAME,
    async run (input: BavSubject): Promise<ProviderAnswer<BavResult>> {
      if (input.sortCode + input.accountNumber === UNAVAILABLE_PAIR) {
        throw new ProviderUnavailable(SANDBOX_PROVIDER_NAME, 'sandbox test account 938063 55065200 is always unavailable')
      }
      return rate(input.sortCode, input.accountNumber)
    },
  }
}
