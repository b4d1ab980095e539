import { ProviderUnavailable, type ProviderAnswer, RISK_RATINGS, type RiskRating } from '../checks/index.ts'
import type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'
import { checkModulus } from './modulus-check.ts'

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

// Listed pairs only; any other modulus-valid pair rates Low, like a clean real account.
const LISTED_RATINGS: ReadonlyMap<string, RiskRating> = new Map<string, RiskRating>([
  ['107999' + '88837491', RISK_RATINGS.medium],
  ['202959' + '63748472', RISK_RATINGS.high],
])

const UNAVAILABLE_PAIR = '938063' + '55065200'

function rate (sortCode: string, accountNumber: string): ProviderAnswer<BavResult> {
  const modulus = checkModulus(sortCode, accountNumber)
  // Outside VocaLink's table nothing names the bank and nothing confirms the account: not
  // evidence of fraud, but not a clean result either.
  if (modulus.result === 'not_covered') return { riskRating: RISK_RATINGS.medium, result: { bankName: null } }
  const bankName = BANK_NAMES.get(sortCode) ?? FALLBACK_BANK_NAME
  if (modulus.result === 'fail') return { riskRating: RISK_RATINGS.high, result: { bankName } }
  return { riskRating: LISTED_RATINGS.get(sortCode + accountNumber) ?? RISK_RATINGS.low, result: { bankName } }
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
