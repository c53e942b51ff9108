import ipaddr from 'ipaddr.js'

type IPv4 = ipaddr.IPv4
type IPv6 = ipaddr.IPv6

/** A trusted proxy entry of `TRUSTED_PROXIES`, parsed once: an address with its prefix length. */
export type ProxyRange = readonly [IPv4 | IPv6, number]

export type GetCallerAddressParameters = {
  /** The raw `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined
  /** The TCP peer address, when the runtime exposes it. */
  socketAddress: string | undefined
  /** Our own proxies (config `TRUSTED_PROXIES`, parsed by `parseProxyRanges`). */
  trustedProxies: readonly ProxyRange[]
  /** How many leading bits of an IPv6 address name one caller (config `CALLER_IPV6_PREFIX`, default 64). */
  ipv6Prefix?: number
}

/**
 * The caller's key for rate limiting: which hop is the caller, then which network it stands for.
 *
 * Which hop: without trusted proxies, the first `X-Forwarded-For` entry (as the contract states), else
 * the socket address. With trusted proxies, the right-most hop that is not one of ours, which a client
 * cannot forge by prepending entries.
 *
 * Which network: a port is dropped (`203.0.113.7:5100`, `[2001:db8::1]:443`), an IPv4-mapped IPv6
 * address is its IPv4 address, and an IPv6 address stands for its /64 (one subscriber's network: an
 * ISP hands a home or a phone a whole /64, so each of its addresses is the same caller), written in
 * RFC 5952's canonical form so every spelling of it is one key. A hop that is no IP address at all is
 * kept as written (trimmed, at most 64 characters): a proxy's own token such as `unknown`.
 *
 * @example
 * getCallerAddress({ forwardedFor: '203.0.113.7:5100, 10.0.0.2', socketAddress: '10.0.0.1', trustedProxies: [] }) // '203.0.113.7'
 * getCallerAddress({ forwardedFor: '2001:DB8:0:0:1::7', socketAddress: undefined, trustedProxies: [] }) // '2001:db8::/64'
 */
export function getCallerAddress({
  forwardedFor,
  socketAddress,
  trustedProxies,
  ipv6Prefix = 64,
}: GetCallerAddressParameters): string {
  if (trustedProxies.length === 0) {
    // The common case, on every request: the first non-empty entry, without building the whole list.
    if (forwardedFor) {
      for (const entry of forwardedFor.split(',')) {
        const hop = readHop(entry)
        if (hop !== undefined) return callerKey(hop, ipv6Prefix)
      }
    }
    const socket = socketAddress === undefined ? undefined : readHop(socketAddress)
    return socket === undefined ? 'unknown' : callerKey(socket, ipv6Prefix)
  }
  const chain: Hop[] = []
  for (const entry of (forwardedFor ?? '').split(',')) {
    const hop = readHop(entry)
    if (hop !== undefined) chain.push(hop)
  }
  const socket = socketAddress === undefined ? undefined : readHop(socketAddress)
  if (socket !== undefined) chain.push(socket)
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const hop = chain[index] as Hop
    if (!isTrusted(hop, trustedProxies)) return callerKey(hop, ipv6Prefix)
  }
  return chain[0] === undefined ? 'unknown' : callerKey(chain[0], ipv6Prefix)
}

/**
 * Parses `TRUSTED_PROXIES` entries: an IPv4 or IPv6 address (one host) or CIDR range. Throws on an
 * entry that is neither, so a typo is refused at start instead of trusting nothing.
 *
 * @example
 * parseProxyRanges(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'])
 */
export function parseProxyRanges(entries: readonly string[]): ProxyRange[] {
  return entries.map((entry) => {
    const text = entry.trim()
    if (text.includes('/')) {
      if (!ipaddr.isValidCIDR(text)) throw new Error(`not an IP range: ${text}`)
      return unmap(ipaddr.parseCIDR(text))
    }
    const address = parseAddress(text)
    if (address === undefined) throw new Error(`not an IP address: ${text}`)
    return [address, address.kind() === 'ipv4' ? 32 : 128] as const
  })
}

/** A hop of the forwarding chain: its parsed address when it is one, and its text. */
type Hop = { address: IPv4 | IPv6 | undefined; text: string }

function readHop(entry: string): Hop | undefined {
  const text = entry.trim().slice(0, 64)
  if (text === '') return undefined
  return { address: parseAddress(stripPort(text)), text }
}

/** Drops a port: `1.2.3.4:80` and `[::1]:80` carry one; a bare IPv6 address has colons of its own. */
function stripPort(text: string): string {
  if (text.startsWith('[')) {
    const end = text.indexOf(']')
    return end === -1 ? text : text.slice(1, end)
  }
  const colon = text.indexOf(':')
  return colon !== -1 && colon === text.lastIndexOf(':') ? text.slice(0, colon) : text
}

function parseAddress(text: string): IPv4 | IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text)
  if (!ipaddr.IPv6.isValid(text)) return undefined
  const address = ipaddr.IPv6.parse(text)
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address
}

function callerKey(hop: Hop, ipv6Prefix: number): string {
  const { address } = hop
  if (address === undefined) return hop.text
  if (address.kind() === 'ipv4') return address.toString()
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${ipv6Prefix}`)
  return ipv6Prefix === 128 ? network.toRFC5952String() : `${network.toRFC5952String()}/${ipv6Prefix}`
}

function isTrusted(hop: Hop, ranges: readonly ProxyRange[]): boolean {
  const { address } = hop
  if (address === undefined) return false
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
}

/** An IPv4-mapped range (`::ffff:10.0.0.0/104`) is the IPv4 range it maps, as hops are unmapped too. */
function unmap([address, bits]: [IPv4 | IPv6, number]): ProxyRange {
  if (address.kind() === 'ipv6' && (address as IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}
