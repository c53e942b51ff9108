import { describe, expect, it } from 'vitest'
import { ChainSchema } from '../schemas/chain'
import { chainDefinitions } from './definitions'
import { findChain, getExplorerTxUrl, toChainResource } from './findChain'

// Contract section 2.1, in its order: symbol, type, numeric id where EVM.
const contractChains = [
  ['ETH', 'evm', 1],
  ['BTC', 'utxo', undefined],
  ['BASE', 'evm', 8453],
  ['BSC', 'evm', 56],
  ['AVAX', 'evm', 43114],
  ['ARB', 'evm', 42161],
  ['RHD', 'evm', 4663],
  ['BCH', 'utxo', undefined],
  ['LTC', 'utxo', undefined],
  ['DOGE', 'utxo', undefined],
  ['GAIA', 'cosmos', undefined],
  ['THOR', 'cosmos', undefined],
  ['HIVE', 'hive', undefined],
] as const

describe('chain registry', () => {
  it('lists exactly the 13 chains of the contract, in its order, with their type and chain id', () => {
    expect(chainDefinitions.map((chain) => [chain.symbol, chain.type, chain.chainId])).toEqual(contractChains)
  })

  it('projects every chain onto a /chains resource that its schema accepts', () => {
    for (const chain of chainDefinitions) {
      const resource = toChainResource(chain)
      expect(ChainSchema.parse(resource)).toEqual(resource)
      expect(resource.id).toBe(chain.symbol)
      expect('chainId' in resource).toBe(chain.type === 'evm')
    }
  })

  it('gives EVM chains the eip155 CAIP-2 id of their chain id', () => {
    for (const chain of chainDefinitions.filter((chain) => chain.type === 'evm')) {
      expect(chain.caip2).toBe(`eip155:${chain.chainId}`)
    }
  })

  it('uses the CAIP-2 ids of venues/caip.md, with BCH on its fork block rather than Bitcoin genesis', () => {
    expect(Object.fromEntries(chainDefinitions.map((chain) => [chain.symbol, chain.caip2]))).toMatchObject({
      BTC: 'bip122:000000000019d6689c085ae165831e93',
      BCH: 'bip122:000000000000000000651ef99cb9fcbe',
      LTC: 'bip122:12a765e31ffd4059bada1e25190f6e98',
      DOGE: 'bip122:1a91e3dace36e2be3bf030a65679fe82',
      GAIA: 'cosmos:cosmoshub-4',
      THOR: 'cosmos:thorchain-1',
      HIVE: 'hive:beeab0de000000000000000000000000',
    })
  })

  it('runs Robinhood Chain on native ETH and links its Blockscout explorer', () => {
    const rhd = findChain('RHD')
    expect(rhd).toMatchObject({ nativeSymbol: 'ETH', nativeDecimals: 18, quotable: true })
    expect(getExplorerTxUrl(rhd!, '0xabc')).toBe('https://robinhoodchain.blockscout.com/tx/0xabc')
  })

  it('lists HIVE but marks it not quotable', () => {
    expect(chainDefinitions.filter((chain) => !chain.quotable).map((chain) => chain.symbol)).toEqual(['HIVE'])
  })

  it('builds explorer links without a double slash', () => {
    for (const chain of chainDefinitions) {
      expect(getExplorerTxUrl(chain, 'HASH')).toMatch(/^https:\/\/[^/]+(\/[^/]+)*\/HASH$/)
    }
  })
})

describe('findChain', () => {
  it('finds a chain by symbol in any case and with surrounding spaces', () => {
    expect(findChain('base')?.chainId).toBe(8453)
    expect(findChain('BaSe')?.chainId).toBe(8453)
    expect(findChain(' arb ')?.symbol).toBe('ARB')
  })

  it('finds an EVM chain by numeric id as a number and as a string', () => {
    for (const [symbol, , chainId] of contractChains) {
      if (chainId === undefined) continue
      expect(findChain(chainId)?.symbol).toBe(symbol)
      expect(findChain(String(chainId))?.symbol).toBe(symbol)
    }
  })

  it('finds every chain by its CAIP-2 id', () => {
    for (const chain of chainDefinitions) expect(findChain(chain.caip2)).toBe(chain)
  })

  it('accepts the retired thorchain-mainnet-v1 id as THORChain', () => {
    expect(findChain('cosmos:thorchain-mainnet-v1')?.symbol).toBe('THOR')
  })

  it('returns undefined for anything not in the registry', () => {
    for (const value of [
      'FOO',
      '',
      '0',
      '10',
      '01',
      '1.0',
      'eip155:10',
      'eip155:01',
      'ETH2',
      'bip122:000000000019d6689c085ae1',
    ]) {
      expect(findChain(value), value).toBeUndefined()
    }
    expect(findChain(10)).toBeUndefined()
    expect(findChain(1.5)).toBeUndefined()
  })

  it('does not confuse a chain symbol with a native symbol', () => {
    expect(findChain('ATOM')).toBeUndefined()
    expect(findChain('RUNE')).toBeUndefined()
    expect(findChain('GAIA')?.nativeSymbol).toBe('ATOM')
  })
})
