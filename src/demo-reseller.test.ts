import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { demoBanner } from './demo-reseller.ts'

// The first start's banner, both ways: a person at a terminal sees the secret once, a log never does.
const demo = { clientId: 'demo-client-id', clientSecret: 'demo-secret-0123456789abcdef' }
const where = { base: 'http://127.0.0.1:3000', file: '/srv/idcheck/data/demo-reseller.json' }

describe('the demo reseller banner', () => {
  it('when stdout is a terminal, then the secret is shown with a curl line that carries it', () => {
    const banner = demoBanner(demo, { ...where, toTerminal: true })
    assert.ok(banner.includes(`  clientSecret ${demo.clientSecret}\n`), banner)
    const curl = banner.split('\n').find((line) => line.includes('/api/authenticate'))!
    assert.deepEqual(JSON.parse(/-d '([^']+)'/.exec(curl)![1]!), demo)
  })

  it('when stdout is not a terminal, then only the clientId and the file are named, and curl reads the file', () => {
    const banner = demoBanner(demo, { ...where, toTerminal: false })
    assert.ok(!banner.includes(demo.clientSecret), banner)
    assert.ok(banner.includes(`clientId ${demo.clientId}.`), banner)
    assert.ok(banner.includes(`Its secret is in ${where.file} (mode 0600)`), banner)
    assert.match(banner, / -d @\/srv\/idcheck\/data\/demo-reseller\.json \| sed /)
  })
})
