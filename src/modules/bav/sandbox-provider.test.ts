import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ProviderUnavailable } from '../checks/index.ts'
import type { BavSubject } from './bav-provider.ts'
import { createSandboxBavProvider } from './sandbox-provider.ts'

function anInput (sortCode: string, accountNumber: string): BavSubject {
  return { id: 1, caseId: 1, accountId: 1, countryCode: 'GB', firstName: 'Ada', middleNames: null, lastName: 'Lovelace', sortCode, accountNumber, bankName: null }
}

// One row per row of docs/sandbox.md's test data table
const documentedRows = [
  { sortCode: '089999', accountNumber: '66374958', modulus: 'pass', riskRating: { id: 1, name: 'Low' }, bankName: 'Sandbox Albion Bank' },
  { sortCode: '107999', accountNumber: '88837491', modulus: 'pass', riskRating: { id: 2, name: 'Medium' }, bankName: 'Sandbox Pennine Building Society' },
  { sortCode: '202959', accountNumber: '63748472', modulus: 'pass', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Thames Savings Bank' },
  { sortCode: '180002', accountNumber: '00000190', modulus: 'pass', riskRating: { id: 1, name: 'Low' }, bankName: 'Sandbox Bank' },
  { sortCode: '089999', accountNumber: '66374959', modulus: 'fail', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Albion Bank' },
  { sortCode: '938063', accountNumber: '15763217', modulus: 'fail', riskRating: { id: 3, name: 'High' }, bankName: 'Sandbox Caledonian Bank' },
  { sortCode: '000000', accountNumber: '12345678', modulus: 'not covered', riskRating: { id: 2, name: 'Medium' }, bankName: null },
]

describe('sandbox BAV provider', () => {
  const provider = createSandboxBavProvider()

  it('when created, then it is named Sandbox', () => {
    assert.equal(provider.name, 'Sandbox')
  })

  for (const row of documentedRows) {
    it(`when ${row.sortCode} ${row.accountNumber} (modulus ${row.modulus}) is checked, then ${row.riskRating.name} at ${row.bankName ?? 'no bank name'}`, async () => {
      const result = await provider.run(anInput(row.sortCode, row.accountNumber))
      assert.deepEqual(result, { riskRating: row.riskRating, result: { bankName: row.bankName } })
    })
  }

  it('when another modulus-valid pair is checked, then Low with the generic bank name', async () => {
    const result = await provider.run(anInput('772798', '99345694'))
    assert.deepEqual(result, { riskRating: { id: 1, name: 'Low' }, result: { bankName: 'Sandbox Bank' } })
  })

  it('when another pair fails the modulus check, then High', async () => {
    const result = await provider.run(anInput('118765', '64371388'))
    assert.deepEqual(result, { riskRating: { id: 3, name: 'High' }, result: { bankName: 'Sandbox Bank' } })
  })

  it('when a listed pair has a wrong last digit, then High, not its listed rating', async () => {
    const result = await provider.run(anInput('107999', '88837493'))
    assert.deepEqual(result.riskRating, { id: 3, name: 'High' })
  })

  it('when another sort code outside the VocaLink table is checked, then Medium with no bank name', async () => {
    for (const sortCode of ['990000', '999999']) {
      const result = await provider.run(anInput(sortCode, '87654321'))
      assert.deepEqual(result, { riskRating: { id: 2, name: 'Medium' }, result: { bankName: null } })
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
