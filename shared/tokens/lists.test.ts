import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainDefinitions, findChain } from '../chains'
import { tokenLists } from './lists'

const evmChains = chainDefinitions.filter((chain) => chain.type === 'evm')
const entries = Object.entries(tokenLists).flatMap(([chain, tokens]) =>
  tokens.map((token) => ({ chain, token })),
)

describe('curated token lists', () => {
  it('are keyed only by EVM chain symbols of the registry, one list for each', () => {
    expect(Object.keys(tokenLists).sort()).toEqual(evmChains.map((chain) => chain.symbol).sort())
  })

  it('write every contract as its EIP-55 checksum', () => {
    for (const { chain, token } of entries) {
      expect(getAddress(token.contract), `${chain} ${token.symbol}`).toBe(token.contract)
    }
  })

  it('give every token integer decimals in the ERC-20 range', () => {
    for (const { chain, token } of entries) {
      expect(
        Number.isInteger(token.decimals) && token.decimals >= 0 && token.decimals <= 255,
        `${chain} ${token.symbol}`,
      ).toBe(true)
    }
  })

  it('never repeat a symbol (case-insensitively) or a contract on one chain, nor reuse the native symbol', () => {
    for (const [symbol, tokens] of Object.entries(tokenLists)) {
      const chain = findChain(symbol)!
      const symbols = tokens.map((token) => token.symbol.toUpperCase())
      expect(new Set(symbols).size, symbol).toBe(symbols.length)
      expect(symbols, symbol).not.toContain(chain.nativeSymbol.toUpperCase())
      const contracts = tokens.map((token) => token.contract.toLowerCase())
      expect(new Set(contracts).size, symbol).toBe(contracts.length)
    }
  })

  it('give every EVM chain, Robinhood Chain included, exactly one wrapped native token with 18 decimals', () => {
    for (const chain of evmChains) {
      const wrapped = (tokenLists[chain.symbol] ?? []).filter((token) => token.wrapsNative)
      expect(wrapped, chain.symbol).toHaveLength(1)
      expect(wrapped[0]?.decimals).toBe(chain.nativeDecimals)
      expect(wrapped[0]?.symbol).toBe(`W${chain.nativeSymbol}`)
    }
  })

  it('pin the well-known contracts whose decimals differ from the usual', () => {
    const find = (chain: string, symbol: string) =>
      tokenLists[chain]?.find((token) => token.symbol === symbol)
    // Binance-Peg stablecoins on BNB Smart Chain have 18 decimals, not 6.
    expect(find('BSC', 'USDT')).toMatchObject({
      contract: '0x55d398326f99059fF775485246999027B3197955',
      decimals: 18,
    })
    expect(find('BSC', 'USDC')).toMatchObject({
      contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
      decimals: 18,
    })
    expect(find('ETH', 'USDC')).toMatchObject({
      contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      decimals: 6,
    })
    expect(find('ETH', 'WBTC')).toMatchObject({ decimals: 8 })
    expect(find('RHD', 'WETH')).toMatchObject({
      contract: '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73',
      decimals: 18,
    })
    expect(find('RHD', 'USDG')).toMatchObject({
      contract: '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168',
      decimals: 6,
    })
  })

  it("carry each chain's main dollar stablecoin and, where one exists, its main BTC token", () => {
    const symbols = (chain: string) => (tokenLists[chain] ?? []).map((token) => token.symbol)
    for (const chain of ['ETH', 'BASE', 'BSC', 'AVAX', 'ARB']) expect(symbols(chain), chain).toContain('USDC')
    expect(symbols('RHD')).toContain('USDG')
    expect(symbols('ETH')).toContain('WBTC')
    expect(symbols('BASE')).toContain('cbBTC')
    expect(symbols('BSC')).toContain('BTCB')
    expect(symbols('AVAX')).toContain('BTC.b')
    expect(symbols('ARB')).toContain('WBTC')
  })
})
