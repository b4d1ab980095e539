import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { checkWebhookUrl, isPrivateAddress, parseWebhookUrl, safeLookup } from './url-safety.ts'

const production = { allowPrivate: false }

// Only IP literals and "localhost": no test here may resolve a public name or reach a public host.
const refused: ReadonlyArray<readonly [string, RegExp]> = [
  ['http://127.0.0.1/hook', /private or loopback address \(127\.0\.0\.1\)/],
  ['http://127.8.9.10:8080/hook', /private or loopback/],
  ['http://localhost/hook', /private or loopback/],
  ['http://10.0.0.1/hook', /private or loopback address \(10\.0\.0\.1\)/],
  ['http://172.16.0.1/hook', /private or loopback/],
  ['http://172.31.255.255/hook', /private or loopback/],
  ['http://192.168.1.1/hook', /private or loopback/],
  ['http://169.254.169.254/latest/meta-data', /private or loopback/],
  ['http://0.0.0.0/hook', /private or loopback/],
  ['http://100.64.0.1/hook', /private or loopback/],
  ['http://224.0.0.1/hook', /private or loopback/],
  ['http://255.255.255.255/hook', /private or loopback/],
  ['http://2130706433/hook', /private or loopback address \(127\.0\.0\.1\)/],
  ['http://0x7f.1/hook', /private or loopback/],
  ['http://[::1]/hook', /private or loopback address \(::1\)/],
  ['http://[::]/hook', /private or loopback/],
  ['http://[fe80::1]/hook', /private or loopback/],
  ['http://[fc00::1]/hook', /private or loopback/],
  ['http://[fd12:3456::1]/hook', /private or loopback/],
  ['http://[ff02::1]/hook', /private or loopback/],
  ['http://[::ffff:127.0.0.1]/hook', /private or loopback/],
  ['http://[::ffff:10.1.2.3]/hook', /private or loopback/],
  ['http://[64:ff9b::a9fe:a9fe]/hook', /private or loopback/],
  ['http://[2002:c0a8:101::1]/hook', /private or loopback/],
  ['http://[2001:db8::1]/hook', /private or loopback/],
  ['ftp://93.184.216.34/hook', /must use http or https/],
  ['file:///etc/passwd', /must use http or https/],
  ['http://user:pass@93.184.216.34/hook', /must not contain credentials/],
  ['https://token@93.184.216.34/hook', /must not contain credentials/],
  ['not a url', /not a valid absolute URL/],
]

const allowed = [
  'https://93.184.216.34/hook',
  'http://8.8.8.8:8080/hook',
  'http://172.32.0.1/hook',
  'http://100.128.0.1/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://[::ffff:93.184.216.34]/hook',
  'https://[64:ff9b::5db8:d822]/hook',
  'https://[2002:5db8:d822::1]/hook',
]

describe('webhook URL safety', () => {
  for (const [url, reason] of refused) {
    it(`when the URL is ${url} in production, then it is refused`, async () => {
      const result = await checkWebhookUrl(url, production)
      assert.equal(result.ok, false)
      assert.match(result.ok ? '' : result.reason, reason)
    })
  }

  for (const url of allowed) {
    it(`when the URL is the public address ${url}, then it is accepted without a connection`, async () => {
      assert.deepEqual(await checkWebhookUrl(url, production), { ok: true })
    })
  }

  it('when private targets are allowed, then loopback and localhost are accepted', async () => {
    assert.deepEqual(await checkWebhookUrl('http://127.0.0.1:3000/hook', { allowPrivate: true }), { ok: true })
    assert.deepEqual(await checkWebhookUrl('http://localhost:3000/hook', { allowPrivate: true }), { ok: true })
  })

  it('when private targets are allowed, then the scheme and credentials rules still hold', async () => {
    assert.equal((await checkWebhookUrl('ftp://127.0.0.1/', { allowPrivate: true })).ok, false)
    assert.equal((await checkWebhookUrl('http://a:b@127.0.0.1/', { allowPrivate: true })).ok, false)
  })

  it('when a URL is parsed, then an IP literal host is reported without brackets', () => {
    const parsed = parseWebhookUrl('https://[2606:4700:4700::1111]:8443/hook', production)
    assert.equal(parsed.ok && parsed.ipLiteral, '2606:4700:4700::1111')
  })

  it('when a string is not an IP address, then it counts as private', () => {
    assert.equal(isPrivateAddress('example.com'), true)
  })
})

describe('safe lookup at connect time', () => {
  it('when a host resolves to loopback, then the lookup fails with the refusal reason', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      safeLookup('localhost', {}, (err) => resolve(err))
    })
    assert.equal(error?.code, 'ERR_WEBHOOK_PRIVATE_ADDRESS')
    assert.match(error?.message ?? '', /private or loopback address/)
  })

  it('when all addresses are requested for a refused host, then the lookup still fails', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      safeLookup('localhost', { all: true }, (err) => resolve(err))
    })
    assert.equal(error?.code, 'ERR_WEBHOOK_PRIVATE_ADDRESS')
  })

  // getaddrinfo answers a numeric host itself, so this exercises the success path without any DNS traffic.
  it('when a host is a public address, then the lookup answers like dns.lookup', async () => {
    const single = await new Promise<unknown[]>((resolve) => {
      safeLookup('93.184.216.34', {}, (...args) => resolve(args))
    })
    const all = await new Promise<unknown[]>((resolve) => {
      safeLookup('93.184.216.34', { all: true }, (...args) => resolve(args))
    })
    assert.deepEqual(single, [null, '93.184.216.34', 4])
    assert.deepEqual(all, [null, [{ address: '93.184.216.34', family: 4 }]])
  })
})
