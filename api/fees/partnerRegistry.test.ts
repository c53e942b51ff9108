import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config'
import { loadPartnerRegistry } from './partnerRegistry'

const load = (text: string) => loadPartnerRegistry({ path: 'partners.json', readText: () => text })

describe('loadPartnerRegistry', () => {
  it('reads partners with checksummed payout addresses and a fee cap that defaults to 100 bps', () => {
    const registry = load(
      JSON.stringify({
        partners: [
          { id: 'acme', payoutAddress: '0x2222222222222222222222222222222222222222', maxFeeBps: 25 },
          { id: 'globex', payoutAddress: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' },
        ],
      }),
    )
    expect(registry.get('acme')).toEqual({
      id: 'acme',
      payoutAddress: '0x2222222222222222222222222222222222222222',
      maxFeeBps: 25,
    })
    expect(registry.get('globex')?.payoutAddress).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
    expect(registry.get('globex')?.maxFeeBps).toBe(100)
  })

  it('is empty without a path', () => {
    expect(loadPartnerRegistry({ path: undefined }).size).toBe(0)
  })

  it('stops the start on a file that is unreadable, not JSON, has a bad entry or a repeated id', () => {
    expect(() => loadPartnerRegistry({ path: '/nonexistent/partners.json' })).toThrow(/cannot be read/)
    expect(() => load('{')).toThrow(/is not valid JSON/)
    expect(() =>
      load(JSON.stringify({ partners: [{ id: 'a', payoutAddress: '0x1', maxFeeBps: 5 }] })),
    ).toThrow(/partners\.0\.payoutAddress: not an EVM address/)
    expect(() =>
      load(JSON.stringify({ partners: [{ id: 'a', payoutAddress: `0x${'0'.repeat(40)}` }] })),
    ).toThrow(/partners\.0\.payoutAddress: is the zero address/)
    expect(() =>
      load(
        JSON.stringify({
          partners: [
            { id: 'a', payoutAddress: '0x2222222222222222222222222222222222222222', maxFeeBps: 101 },
          ],
        }),
      ),
    ).toThrow(ConfigError)
    const twice = { id: 'a', payoutAddress: '0x2222222222222222222222222222222222222222' }
    expect(() => load(JSON.stringify({ partners: [twice, twice] }))).toThrow(/"a" is listed twice/)
    // Two spellings of one id would be one partner with two payout addresses.
    expect(() => load(JSON.stringify({ partners: [twice, { ...twice, id: 'A' }] }))).toThrow(
      /"A" is listed twice \(as "a"/,
    )
  })

  it('finds a registered partner however its id is cased or dashed, keeping the id as registered', () => {
    const registry = load(
      JSON.stringify({
        partners: [{ id: 'demo-partner', payoutAddress: '0x2222222222222222222222222222222222222222' }],
      }),
    )
    for (const spelling of ['Demo-Partner', 'DEMO\u2010PARTNER', 'demo\u2013partner', '\uff44emo-partner']) {
      expect(registry.get(spelling)?.id).toBe('demo-partner')
      expect(registry.has(spelling)).toBe(true)
    }
    expect(registry.get('demo_partner')).toBeUndefined()
    expect([...registry.values()].map((partner) => partner.id)).toEqual(['demo-partner'])
  })
})
