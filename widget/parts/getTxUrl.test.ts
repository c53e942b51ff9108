import { describe, expect, it } from 'vitest'
import { getTxUrl } from './getTxUrl'

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

describe('getTxUrl', () => {
  it("links to the registry's block explorer when no template is set", () => {
    expect(getTxUrl({ chainId: 1, hash })).toBe(`https://etherscan.io/tx/${hash}`)
    expect(getTxUrl({ chainId: 8453, hash, template: '' })).toBe(`https://basescan.org/tx/${hash}`)
  })

  it('fills every placeholder of the explorer-url template', () => {
    expect(getTxUrl({ chainId: 1, hash, template: '/sandbox/tx/{chainId}/{hash}' })).toBe(
      `/sandbox/tx/1/${hash}`,
    )
    expect(
      getTxUrl({ chainId: 8453, hash, template: 'https://scan.example/{chain}/tx/{hash}?c={chainId}' }),
    ).toBe(`https://scan.example/BASE/tx/${hash}?c=8453`)
  })

  it('uses the template for a chain the registry does not know', () => {
    expect(getTxUrl({ chainId: 31337, hash })).toBeUndefined()
    expect(getTxUrl({ chainId: 31337, hash, template: '/tx/{chainId}/{chain}/{hash}' })).toBe(
      `/tx/31337//${hash}`,
    )
  })

  it('encodes values so they cannot change the link structure', () => {
    expect(getTxUrl({ chainId: 1, hash: '../x?y#z', template: '/tx/{hash}' })).toBe('/tx/..%2Fx%3Fy%23z')
  })
})

describe('getTxUrl with a template of another scheme', () => {
  it("links to the registry's explorer instead of a javascript: or data: URL", () => {
    for (const template of ['javascript:alert(1)//{hash}', ' JavaScript:alert(1)', 'data:text/html,{hash}']) {
      expect(getTxUrl({ chainId: 1, hash, template })).toBe(`https://etherscan.io/tx/${hash}`)
    }
    expect(getTxUrl({ chainId: 1, hash, template: 'HTTPS://scan.example/tx/{hash}' })).toBe(
      `HTTPS://scan.example/tx/${hash}`,
    )
  })
})
