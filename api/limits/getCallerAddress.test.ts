import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../stores/memoryStore'
import { createStepsThrottle } from './createStepsThrottle'
import { getCallerAddress, parseProxyRanges } from './getCallerAddress'

describe('getCallerAddress', () => {
  it('takes the first X-Forwarded-For entry without trusted proxies, else the socket', () => {
    expect(
      getCallerAddress({
        forwardedFor: ' 203.0.113.7 , 10.0.0.1',
        socketAddress: '10.0.0.2',
        trustedProxies: [],
      }),
    ).toBe('203.0.113.7')
    expect(
      getCallerAddress({ forwardedFor: undefined, socketAddress: '::ffff:192.0.2.1', trustedProxies: [] }),
    ).toBe('192.0.2.1')
    expect(getCallerAddress({ forwardedFor: ' , ', socketAddress: undefined, trustedProxies: [] })).toBe(
      'unknown',
    )
  })

  it('takes the right-most untrusted hop with trusted proxies', () => {
    const trustedProxies = parseProxyRanges(['10.0.0.0/8', '192.0.2.1'])
    expect(
      getCallerAddress({
        forwardedFor: '6.6.6.6, 203.0.113.7, 10.1.1.1',
        socketAddress: '192.0.2.1',
        trustedProxies,
      }),
    ).toBe('203.0.113.7')
    expect(getCallerAddress({ forwardedFor: undefined, socketAddress: '198.51.100.1', trustedProxies })).toBe(
      '198.51.100.1',
    )
    expect(getCallerAddress({ forwardedFor: '10.0.0.5', socketAddress: '10.0.0.6', trustedProxies })).toBe(
      '10.0.0.5',
    )
  })
})

describe('caller keys', () => {
  const caller = (forwardedFor: string, trustedProxies: readonly string[] = [], ipv6Prefix?: number) =>
    getCallerAddress({
      forwardedFor,
      socketAddress: undefined,
      trustedProxies: parseProxyRanges(trustedProxies),
      ...(ipv6Prefix === undefined ? {} : { ipv6Prefix }),
    })

  it('drops a port, so a proxy writing ip:port does not make a caller per connection', () => {
    expect(caller('203.0.113.7:5100')).toBe('203.0.113.7')
    expect(caller('203.0.113.7:5101')).toBe('203.0.113.7')
    expect(caller('[2001:db8::1]:443')).toBe(caller('2001:db8::1'))
  })

  it('keys an IPv6 caller by its /64 in one canonical spelling', () => {
    const key = caller('2001:db8:0:7::1')
    expect(key).toBe('2001:db8:0:7::/64')
    for (const spelling of [
      '2001:DB8:0:7::1',
      '2001:0db8:0000:0007:0000:0000:0000:0001',
      '2001:db8:0:7:ffff::9',
    ]) {
      expect(caller(spelling)).toBe(key)
    }
    expect(caller('2001:db8:0:8::1')).not.toBe(key)
    expect(caller('2001:db8:0:7::1', [], 128)).toBe('2001:db8:0:7::1')
    expect(caller('2001:DB8::1', [], 128)).toBe('2001:db8::1')
  })

  it('keeps IPv4-mapped IPv6 as IPv4 and a token that is no address as written', () => {
    expect(caller('::FFFF:192.0.2.1')).toBe('192.0.2.1')
    expect(caller('unknown')).toBe('unknown')
  })

  it('matches IPv6 addresses and ranges in TRUSTED_PROXIES', () => {
    expect(caller('2001:db8:9::5, 2001:db8:1::7, 2001:db8:1::8', ['2001:db8:1::/48'])).toBe('2001:db8:9::/64')
    expect(caller('198.51.100.9, 2001:DB8::A', ['2001:db8::a'])).toBe('198.51.100.9')
  })

  it('refuses a TRUSTED_PROXIES entry that is not an address or range', () => {
    expect(() => parseProxyRanges(['10.0.0.0/33'])).toThrow(/not an IP range/)
    expect(() => parseProxyRanges(['proxy.internal'])).toThrow(/not an IP address/)
  })
})

describe('createStepsThrottle', () => {
  it('allows 6 uncached suggestions per caller per minute, then refuses until the window ends', async () => {
    let now = 0
    const throttle = createStepsThrottle({ store: createMemoryStore({ now: () => now }) })
    const answers = []
    for (let index = 0; index < 7; index += 1) answers.push(await throttle.allow('203.0.113.7'))
    expect(answers).toEqual([true, true, true, true, true, true, false])
    expect(await throttle.allow('203.0.113.8')).toBe(true)
    now = 60_000
    expect(await throttle.allow('203.0.113.7')).toBe(true)
  })
})
