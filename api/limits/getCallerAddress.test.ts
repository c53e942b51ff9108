import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../stores/memoryStore'
import { createStepsThrottle } from './createStepsThrottle'
import { getCallerAddress } from './getCallerAddress'

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
    const trustedProxies = ['10.0.0.0/8', '192.0.2.1']
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
