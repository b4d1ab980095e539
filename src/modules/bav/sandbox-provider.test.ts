import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ProviderUnavailable } from '../checks/index.ts'
import type { BavSubject } from './bav-provider.ts'
import { createSandboxBavProvider } from './sandbox-provider.ts'

function anInput (sortCode: string, accountNumber: string): BavSubject {
  return { id: 1, caseId: 1, accountId: 1, countryCode: 'GB', firstName: 'Ada', middleNames: null, lastName: 'Lovelace', sortCode, accountNumber, bankName: null }
}

const CONFIRMED = { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' }
const CLOSE_MATCH = { status: 'close_match', code: 'MBAM', nameOnAccount: 'Sandbox Holder', message: 'The name is close to, but not the same as, the account holder\'s name (nameOnAccount); check it with your customer.' }
const NOT_MATCHED = { status: 'not_matched', code: 'ANNM', nameOnAccount: null, message: 'The name does not match the account holder\'s name.' }
const NOT_CHECKED = { status: 'not_confirmed', code: null, nameOnAccount: null, message: 'The holder was not checked: the account number is not possible at this sort code (modulus check failed).' }
const SORT_CODE_NOT_IN_COP = { status: 'not_confirmed', code: 'SCNS', nameOnAccount: null, message: 'The holder was not confirmed: the bank of this sort code does not take part in Confirmation of Payee.' }

// One row per row of docs/sandbox.md's test data table
const documentedRows = [
  { sortCode: '089999', accountNumber: '66374958', modulus: 'pass', riskRating: { id: 1, name: 'Low' }, bankName: 'Sandbox Albion Bank', holder: CONFIRMED },
  { sortCode: '107999', accountNumber: '88837491', modulus: 'pass', riskRating: { id: 2, name: 'Medium' }, bankName: 'Sandbox Pennine Building Society', holder: CLOSE_MATCH },
  { sortCode: '202959', accountNumber: '63748472', modulus: 'pass', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Thames Savings Bank', holder: NOT_MATCHED },
  { sortCode: '180002', accountNumber: '00000190', modulus: 'pass', riskRating: { id: 1, name: 'Low' }, bankName: 'Sandbox Bank', holder: CONFIRMED },
  { sortCode: '089999', accountNumber: '66374959', modulus: 'fail', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Albion Bank', holder: NOT_CHECKED },
  { sortCode: '938063', accountNumber: '15763217', modulus: 'fail', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Caledonian Bank', holder: NOT_CHECKED },
  { sortCode: '000000', accountNumber: '12345678', modulus: 'not_covered', riskRating: { id: 2, name: 'Medium' }, bankName: null, holder: SORT_CODE_NOT_IN_COP },
]

describe('sandbox BAV provider', () => {
  const provider = createSandboxBavProvider()

  it('when created, then it is named Sandbox', () => {
    assert.equal(provider.name, 'Sandbox')
  })

  for (const row of documentedRows) {
    it(`when ${row.sortCode} ${row.accountNumber} (modulus ${row.modulus}) is checked, then ${row.riskRating.name} at ${row.bankName ?? 'no bank name'}`, async () => {
      const result = await provider.run(anInput(row.sortCode, row.accountNumber))
      assert.deepEqual(result, { riskRating: row.riskRating, result: { bankName: row.bankName, modulus: row.modulus, holder: row.holder } })
    })
  }

  it('when another modulus-valid pair is checked, then Low with the generic bank name', async () => {
    const result = await provider.run(anInput('772798', '99345694'))
    assert.deepEqual(result, { riskRating: { id: 1, name: 'Low' }, result: { bankName: 'Sandbox Bank', modulus: 'pass', holder: CONFIRMED } })
  })

  it('when another pair fails the modulus check, then High', async () => {
    const result = await provider.run(anInput('118765', '64371388'))
    assert.deepEqual(result, { riskRating: { id: 3, name: 'High' }, result: { bankName: 'Sandbox Bank', modulus: 'fail', holder: NOT_CHECKED } })
  })

  it('when a listed pair has a wrong last digit, then High, not its listed rating', async () => {
    const result = await provider.run(anInput('107999', '88837493'))
    assert.deepEqual(result.riskRating, { id: 3, name: 'High' })
  })

  it('when another sort code outside the VocaLink table is checked, then Medium with no bank name', async () => {
    for (const sortCode of ['990000', '999999']) {
      const result = await provider.run(anInput(sortCode, '87654321'))
      assert.deepEqual(result, { riskRating: { id: 2, name: 'Medium' }, result: { bankName: null, modulus: 'not_covered', holder: SORT_CODE_NOT_IN_COP } })
    }
  })

  it('when the unavailable test account is checked repeatedly, then every call throws ProviderUnavailable', async () => {
    for (let call = 0; call < 3; call++) {
      await assert.rejects(provider.run(anInput('938063', '55065200')), (error) => {
        assert.ok(error instanceof ProviderUnavailable)
        assert.equal(error.name, 'ProviderUnavailable')
        assert.equal(error.providerName, 'Sandbox')
        return true
      })
    }
  })

  it('when the holder names, country or given bank name differ, then the result is the same', async () => {
    const plain = await provider.run(anInput('107999', '88837491'))
    const other = await provider.run({ id: 2, caseId: 2, accountId: 2, countryCode: 'IE', firstName: 'Grace', middleNames: 'Brewster', lastName: 'Hopper', sortCode: '107999', accountNumber: '88837491', bankName: 'Some Other Bank' })
    assert.deepEqual(other, plain)
  })

  it('when the same pair is checked twice, then the results are equal', async () => {
    const first = await provider.run(anInput('202959', '63748472'))
    const second = await provider.run(anInput('202959', '63748472'))
    assert.deepEqual(second, first)
  })
})
