export type GetCallerAddressParameters = {
  /** The raw `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined
  /** The TCP peer address, when the runtime exposes it. */
  socketAddress: string | undefined
  /** IPs or IPv4 CIDRs of our own proxies (config `TRUSTED_PROXIES`). */
  trustedProxies: readonly string[]
}

/**
 * The caller's address for rate limiting. Without trusted proxies it is the first
 * `X-Forwarded-For` entry (as the contract states), else the socket address. With trusted proxies it
 * is the right-most hop that is not one of ours, which a client cannot forge by prepending entries.
 * Entries are trimmed, `::ffff:` IPv4-mapped forms unwrapped, and capped in length.
 *
 * @example
 * getCallerAddress({ forwardedFor: '203.0.113.7, 10.0.0.2', socketAddress: '10.0.0.1', trustedProxies: [] }) // '203.0.113.7'
 */
export function getCallerAddress({
  forwardedFor,
  socketAddress,
  trustedProxies,
}: GetCallerAddressParameters): string {
  if (trustedProxies.length === 0) {
    // The common case, on every request: the first non-empty entry, without building the whole list.
    if (forwardedFor) {
      for (const entry of forwardedFor.split(',')) {
        const hop = normalize(entry)
        if (hop !== '') return hop
      }
    }
    return socketAddress ? normalize(socketAddress) : 'unknown'
  }
  const hops = (forwardedFor ?? '')
    .split(',')
    .map(normalize)
    .filter((hop) => hop !== '')
  const socket = socketAddress ? normalize(socketAddress) : undefined
  const chain = socket ? [...hops, socket] : hops
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const hop = chain[index] as string
    if (!trustedProxies.some((proxy) => matches(proxy, hop))) return hop
  }
  return chain[0] ?? 'unknown'
}

function normalize(value: string): string {
  const trimmed = value.trim().slice(0, 64)
  return trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

function matches(proxy: string, address: string): boolean {
  const [range = '', bitsText] = proxy.split('/')
  if (bitsText === undefined) return normalize(range) === address
  const rangeNumber = ipv4ToNumber(range)
  const addressNumber = ipv4ToNumber(address)
  const bits = Number(bitsText)
  if (rangeNumber === undefined || addressNumber === undefined || bits > 32) return false
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
  return (rangeNumber & mask) >>> 0 === (addressNumber & mask) >>> 0
}

function ipv4ToNumber(address: string): number | undefined {
  const parts = address.split('.')
  if (parts.length !== 4) return undefined
  let value = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined
    value = value * 256 + Number(part)
  }
  return value
}
