import { lookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { lookup as lookupAll } from 'node:dns/promises'
import { BlockList, isIP, type LookupFunction } from 'node:net'

export type UrlSafetyOptions = { allowPrivate: boolean }
export type UrlCheck = { ok: true } | { ok: false, reason: string }
export type ParsedWebhookUrl = { ok: true, url: URL, ipLiteral: string | null } | { ok: false, reason: string }

// IANA special-purpose IPv4 blocks (RFC 6890 and later): none of them is a legitimate public webhook receiver.
const REFUSED_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, private to the provider
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast address
]

// Only global unicast IPv6 reaches the internet, so loopback, unspecified, link-local, unique-local and multicast
// fall outside this allow set. The two forms that embed an IPv4 address are let in here and judged by that address.
const ROUTABLE_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['2000::', 3],
  ['::ffff:0:0', 96], // IPv4-mapped; BlockList matches it against the IPv4 rules itself
  ['64:ff9b::', 96], // NAT64 well-known prefix, used by DNS64 on IPv6-only networks
]

// Special-purpose blocks inside 2000::/3.
const REFUSED_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments, includes Teredo, whose embedded client address is obfuscated
  ['2001:db8::', 32],
  ['3fff::', 20],
]

function ipv4ToHextets (address: string): [string, string] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number)
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
}

function refusedAddresses (): BlockList {
  const list = new BlockList()
  for (const [net, prefix] of REFUSED_IPV6) list.addSubnet(net, prefix, 'ipv6')
  for (const [net, prefix] of REFUSED_IPV4) {
    list.addSubnet(net, prefix, 'ipv4')
    const [high, low] = ipv4ToHextets(net)
    list.addSubnet(`64:ff9b::${high}:${low}`, 96 + prefix, 'ipv6')
    list.addSubnet(`2002:${high}:${low}::`, 16 + prefix, 'ipv6') // 6to4 carries the IPv4 address in bits 16-47
  }
  return list
}

function routableIpv6 (): BlockList {
  const list = new BlockList()
  for (const [net, prefix] of ROUTABLE_IPV6) list.addSubnet(net, prefix, 'ipv6')
  return list
}

// Built once: every delivery checks the address it reached.
const REFUSED = refusedAddresses()
const ROUTABLE = routableIpv6()

/** True for any address a webhook must not reach in production; a non-IP string is treated as private. */
export function isPrivateAddress (address: string): boolean {
  const version = isIP(address)
  if (version === 4) return REFUSED.check(address, 'ipv4')
  if (version === 6) return !ROUTABLE.check(address, 'ipv6') || REFUSED.check(address, 'ipv6')
  return true
}

function privateAddressReason (address: string): string {
  return `webhook URL resolves to a private or loopback address (${address})`
}

/** Every check that needs no DNS: scheme, credentials, and the address itself when the host is an IP literal. */
export function parseWebhookUrl (raw: string, { allowPrivate }: UrlSafetyOptions): ParsedWebhookUrl {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'webhook URL is not a valid absolute URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'webhook URL must use http or https' }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'webhook URL must not contain credentials' }
  // WHATWG parsing already turned 2130706433 or 0x7f.1 into 127.0.0.1, so isIP sees the canonical form.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const ipLiteral = isIP(host) === 0 ? null : host
  if (!allowPrivate && ipLiteral !== null && isPrivateAddress(ipLiteral)) {
    return { ok: false, reason: privateAddressReason(ipLiteral) }
  }
  return { ok: true, url, ipLiteral }
}

export async function checkWebhookUrl (raw: string, options: UrlSafetyOptions): Promise<UrlCheck> {
  const parsed = parseWebhookUrl(raw, options)
  if (!parsed.ok) return parsed
  if (options.allowPrivate || parsed.ipLiteral !== null) return { ok: true }
  let addresses: LookupAddress[]
  try {
    addresses = await lookupAll(parsed.url.hostname, { all: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed'
    return { ok: false, reason: `webhook URL host could not be resolved (${code})` }
  }
  // Any private answer refuses the URL: the resolver may hand that one out on the next delivery.
  const refused = addresses.find((entry) => isPrivateAddress(entry.address))
  return refused === undefined ? { ok: true } : { ok: false, reason: privateAddressReason(refused.address) }
}

/**
 * The `lookup` option for http(s).request: resolves like dns.lookup but fails on a private address, so a DNS answer
 * that changed since checkWebhookUrl (DNS rebinding) cannot steer the connection inward.
 * Node skips `lookup` for IP literal hosts; parseWebhookUrl covers those.
 */
export const safeLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '')
    const refused = addresses.find((entry) => isPrivateAddress(entry.address))
    if (refused !== undefined) {
      const refusal: NodeJS.ErrnoException = new Error(privateAddressReason(refused.address))
      refusal.code = 'ERR_WEBHOOK_PRIVATE_ADDRESS'
      return callback(refusal, '')
    }
    const [first] = addresses
    if (options.all === true) return callback(null, addresses)
    if (first === undefined) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '')
    callback(null, first.address, first.family)
  })
}
