import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

// One name has one form: "é" typed as one code point or as "e" and a combining accent is the same
// name, so uniqueness cannot be dodged by spelling; and a name must show something to a person.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const createAccount = (caller: GivenClient, payload: unknown) => app.inject({ method: 'POST', url: '/api/accounts', headers: caller.auth, payload: payload as object })
const patchAccount = (caller: GivenClient, id: number, payload: unknown) => app.inject({ method: 'PATCH', url: `/api/accounts/${id}`, headers: caller.auth, payload: payload as object })
const INVISIBLE = { errors: ['The name field must contain a visible character.'] }

describe('account names', () => {
  it('when a name arrives decomposed (e + combining accent), then it is stored composed (NFC)', async () => {
    const reseller = await givenReseller(app)
    const tag = uniqueName('')
    const res = await createAccount(reseller, { name: `Cafe\u0301${tag}` })
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.json().account.name, `Caf\u00e9${tag}`)
  })

  it('when a name differs from a taken one only by Unicode form, then 409 "Name is in use by another account"', async () => {
    const reseller = await givenReseller(app)
    const tag = uniqueName('')
    assert.equal((await createAccount(reseller, { name: `Caf\u00e9${tag}` })).statusCode, 201)

    const res = await createAccount(reseller, { name: `CAFE\u0301${tag}` })

    assert.equal(res.statusCode, 409, res.body)
    assert.equal(res.body, '"Name is in use by another account"')
  })

  for (const [what, name] of [['zero-width spaces', '\u200B\u200B'], ['zero-width joiners and a BOM', '\u200C\u200D\uFEFF'], ['a word joiner and no-break spaces', '\u2060\u00A0\u00A0'], ['a Hangul filler', '\u3164'], ['a lone combining accent', '\u0301']]) {
    it(`when a name is only ${what}, then 400 saying it must contain a visible character, on create and on rename`, async () => {
      const reseller = await givenReseller(app)
      const created = await createAccount(reseller, { name })
      assert.equal(created.statusCode, 400, created.body)
      assert.deepEqual(created.json(), INVISIBLE)

      const account = await givenSubAccount(app, reseller, { name: uniqueName() })
      const renamed = await patchAccount(reseller, account.id, { name })
      assert.equal(renamed.statusCode, 400, renamed.body)
      assert.deepEqual(renamed.json(), INVISIBLE)
    })
  }

  it('when a rename arrives decomposed, then the composed form is kept', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller, { name: uniqueName() })
    const tag = uniqueName('')
    assert.equal((await patchAccount(reseller, account.id, { name: `Zu\u0308rich${tag}` })).statusCode, 204)
    const res = await app.inject({ method: 'GET', url: `/api/accounts/${account.id}`, headers: reseller.auth })
    assert.equal(res.json().account.name, `Z\u00fcrich${tag}`)
  })
})
