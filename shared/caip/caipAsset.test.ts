import { describe, expect, it } from 'vitest'
import { chainDefinitions, findChain } from '../chains'
import { getErc20Caip, getNativeCaip, nativeSlip44, parseCaipAsset } from './caipAsset'

describe('CAIP-19 ids', () => {
  it('gives every chain of the registry its native asset’s coin type, and no other chain one', () => {
    expect(Object.keys(nativeSlip44).sort()).toEqual(chainDefinitions.map((chain) => chain.symbol).sort())
    for (const chain of chainDefinitions) expect(getNativeCaip(chain)).toMatch(/\/slip44:\d+$/)
  })

  it("writes native assets with the chain's own SLIP-44 coin type", () => {
    expect(getNativeCaip(findChain('ETH')!)).toBe('eip155:1/slip44:60')
    expect(getNativeCaip(findChain('BASE')!)).toBe('eip155:8453/slip44:60')
    expect(getNativeCaip(findChain('BSC')!)).toBe('eip155:56/slip44:714')
    expect(getNativeCaip(findChain('AVAX')!)).toBe('eip155:43114/slip44:9000')
    expect(getNativeCaip(findChain('BCH')!)).toBe('bip122:000000000000000000651ef99cb9fcbe/slip44:145')
    expect(getNativeCaip(findChain('GAIA')!)).toBe('cosmos:cosmoshub-4/slip44:118')
    expect(getNativeCaip(findChain('HIVE')!)).toBe('hive:beeab0de000000000000000000000000/slip44:3054')
  })

  it('writes erc20 ids with the contract in lowercase', () => {
    expect(getErc20Caip(findChain('ETH')!, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(
      'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    )
  })

  it('parses an erc20 id into its chain and checksummed contract', () => {
    expect(parseCaipAsset('eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toEqual({
      caip2: 'eip155:1',
      kind: 'erc20',
      contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
  })

  it('parses a slip44 id into its coin type and maps the thorchain-mainnet-v1 alias', () => {
    expect(parseCaipAsset('eip155:56/slip44:714')).toEqual({
      caip2: 'eip155:56',
      kind: 'native',
      slip44: 714,
    })
    expect(parseCaipAsset('cosmos:thorchain-mainnet-v1/slip44:931')).toEqual({
      caip2: 'cosmos:thorchain-1',
      kind: 'native',
      slip44: 931,
    })
  })

  it('round-trips every id it writes', () => {
    const eth = findChain('ETH')!
    expect(parseCaipAsset(getNativeCaip(eth))).toEqual({ caip2: 'eip155:1', kind: 'native', slip44: 60 })
    const caip = getErc20Caip(eth, '0xdAC17F958D2ee523a2206206994597C13D831ec7')
    expect(parseCaipAsset(caip)).toEqual({
      caip2: 'eip155:1',
      kind: 'erc20',
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    })
  })

  it('returns undefined for ids outside the two forms the service uses', () => {
    for (const value of [
      'eip155:1/erc721:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      'cosmos:cosmoshub-4/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      'eip155:1/erc20:0x1234',
      'eip155:1/slip44:060',
      'eip155:1/slip44:12345678901',
      'eip155:1',
      'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
    ]) {
      expect(parseCaipAsset(value), value).toBeUndefined()
    }
  })
})
