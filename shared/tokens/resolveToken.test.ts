import { describe, expect, it } from 'vitest'
import { findChain } from '../chains'
import { isSwapError } from '../errors'
import type { ErrorCode } from '../errors'
import { resolveToken } from './resolveToken'

const chain = (symbol: string) => findChain(symbol)!
const resolve = (symbol: string, token: string) => resolveToken({ chain: chain(symbol), token })

function codeOf(run: () => unknown): ErrorCode | undefined {
  try {
    run()
  } catch (error) {
    if (isSwapError(error)) return error.code
    throw error
  }
  return undefined
}

describe('resolveToken by symbol', () => {
  it('resolves a listed token in any case', () => {
    for (const value of ['USDC', 'usdc', 'UsDc', ' usdc ']) {
      expect(resolve('ETH', value)).toEqual({
        chain: 'ETH',
        kind: 'erc20',
        caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
      })
    }
    expect(resolve('BASE', 'CBBTC')).toMatchObject({ symbol: 'cbBTC', decimals: 8 })
    expect(resolve('AVAX', 'btc.b')).toMatchObject({ symbol: 'BTC.b' })
  })

  it('resolves the native symbol to the native asset with its canonical slip44 CAIP', () => {
    expect(resolve('BSC', 'bnb')).toEqual({
      chain: 'BSC',
      kind: 'native',
      caip: 'eip155:56/slip44:714',
      symbol: 'BNB',
      name: 'BNB',
      decimals: 18,
    })
    expect(resolve('THOR', 'rune')).toMatchObject({
      kind: 'native',
      caip: 'cosmos:thorchain-1/slip44:931',
      decimals: 8,
    })
    expect(resolve('RHD', 'ETH')).toMatchObject({ kind: 'native', caip: 'eip155:4663/slip44:60' })
  })

  it('marks the wrapped native token', () => {
    expect(resolve('RHD', 'weth')).toMatchObject({
      wrapsNative: true,
      contract: '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73',
    })
    expect(resolve('ETH', 'USDC')).not.toHaveProperty('wrapsNative')
  })

  it('answers UNKNOWN_TOKEN for a symbol not listed on that chain', () => {
    expect(codeOf(() => resolve('ETH', 'NOPE'))).toBe('UNKNOWN_TOKEN')
    expect(codeOf(() => resolve('ETH', 'BNB'))).toBe('UNKNOWN_TOKEN')
    expect(codeOf(() => resolve('BTC', 'USDC'))).toBe('UNKNOWN_TOKEN')
  })

  it('names the token and the chain in the UNKNOWN_TOKEN message', () => {
    expect(() => resolve('BASE', 'FOO')).toThrowErrorMatchingInlineSnapshot(
      `[SwapError: Unknown token FOO on chain BASE]`,
    )
  })
})

describe('resolveToken by CAIP', () => {
  it('resolves an erc20 CAIP whatever the address case', () => {
    const lower = resolve('ETH', 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
    const mixed = resolve('ETH', 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
    expect(lower).toEqual(mixed)
    expect(lower).toMatchObject({ symbol: 'USDC', decimals: 6 })
  })

  it('resolves the native asset from its canonical slip44 and every accepted alias', () => {
    for (const [symbol, caip] of [
      ['ETH', 'eip155:1/slip44:60'],
      ['BSC', 'eip155:56/slip44:714'],
      ['BSC', 'eip155:56/slip44:60'],
      ['BSC', 'eip155:56/slip44:9006'],
      ['AVAX', 'eip155:43114/slip44:9000'],
      ['AVAX', 'eip155:43114/slip44:9005'],
      ['AVAX', 'eip155:43114/slip44:60'],
      ['BTC', 'bip122:000000000019d6689c085ae165831e93/slip44:0'],
      ['THOR', 'cosmos:thorchain-1/slip44:931'],
      ['THOR', 'cosmos:thorchain-mainnet-v1/slip44:931'],
    ] as const) {
      const resolved = resolve(symbol, caip)
      expect(resolved.kind, caip).toBe('native')
      // Each alias resolves to the chain's one canonical id (the coin's own SLIP-44 index).
      const canonical = { ETH: 60, BSC: 714, AVAX: 9000, BTC: 0, THOR: 931 }[symbol]
      expect(resolved.caip).toBe(`${chain(symbol).caip2}/slip44:${canonical}`)
    }
  })

  it("answers UNKNOWN_TOKEN for a slip44 that is not the chain's native coin", () => {
    expect(codeOf(() => resolve('ETH', 'eip155:1/slip44:714'))).toBe('UNKNOWN_TOKEN')
    expect(codeOf(() => resolve('BASE', 'eip155:8453/slip44:9006'))).toBe('UNKNOWN_TOKEN')
  })

  it('answers UNKNOWN_TOKEN for a well-formed CAIP of another chain', () => {
    expect(codeOf(() => resolve('BASE', 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'))).toBe(
      'UNKNOWN_TOKEN',
    )
    expect(codeOf(() => resolve('BCH', 'bip122:000000000019d6689c085ae165831e93/slip44:0'))).toBe(
      'UNKNOWN_TOKEN',
    )
    expect(codeOf(() => resolve('ETH', 'eip155:999/slip44:60'))).toBe('UNKNOWN_TOKEN')
  })

  it('answers UNKNOWN_TOKEN for a well-formed CAIP of an asset kind the service does not serve', () => {
    expect(codeOf(() => resolve('ETH', 'eip155:1/erc721:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'))).toBe(
      'UNKNOWN_TOKEN',
    )
    expect(
      codeOf(() => resolve('GAIA', 'cosmos:cosmoshub-4/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')),
    ).toBe('UNKNOWN_TOKEN')
  })

  it('answers BAD_REQUEST for a malformed CAIP', () => {
    for (const value of [
      'eip155:1/erc20:0x1234',
      'eip155:1/erc20:0xZZb86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      'eip155:1/slip44:sixty',
      'eip155:1/slip44:-60',
      'eip155:1/slip44:060',
      'eip155:1',
      'eip155:1/',
      'EIP155:1/slip44:60',
      'eip155:1/slip44:60/extra',
      'e:1/slip44:60',
    ]) {
      expect(
        codeOf(() => resolve('ETH', value)),
        value,
      ).toBe('BAD_REQUEST')
    }
  })
})

describe('resolveToken by bare address', () => {
  it('resolves a listed contract with its symbol and decimals, whatever the case', () => {
    const lower = resolve('ARB', '0xaf88d065e77c8cc2239327c5edb3a432268e5831')
    expect(lower).toMatchObject({
      kind: 'erc20',
      symbol: 'USDC',
      decimals: 6,
      contract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      caip: 'eip155:42161/erc20:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    })
    expect(resolve('ARB', '0xAF88D065E77C8CC2239327C5EDB3A432268E5831')).toEqual(lower)
  })

  it('resolves an unlisted contract without decimals so the caller reads them on chain', () => {
    const resolved = resolve('ETH', '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984')
    expect(resolved).toEqual({
      chain: 'ETH',
      kind: 'erc20',
      caip: 'eip155:1/erc20:0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
      contract: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
    })
  })

  it('does not carry a token listed on another chain over to this one', () => {
    expect(resolve('BASE', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).not.toHaveProperty('decimals')
  })

  it('answers BAD_REQUEST for a malformed address on an EVM chain', () => {
    for (const value of [
      '0x1234',
      '0x',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4g',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4800',
    ]) {
      expect(
        codeOf(() => resolve('ETH', value)),
        value,
      ).toBe('BAD_REQUEST')
    }
  })

  it('answers UNKNOWN_TOKEN for any address on a non-EVM chain', () => {
    expect(codeOf(() => resolve('BTC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'))).toBe('UNKNOWN_TOKEN')
    expect(codeOf(() => resolve('THOR', '0x1234'))).toBe('UNKNOWN_TOKEN')
  })
})
