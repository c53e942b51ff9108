import { describe, expect, it } from 'vitest'
import { parseSwapkitAsset } from './swapkitAssets'

describe('parseSwapkitAsset', () => {
  it('maps SwapKit identifiers to THORNode notation, keeping EIP-55 case on the SwapKit side', () => {
    expect(parseSwapkitAsset('ETH.USDC-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toMatchObject({
      identifier: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      thorAsset: 'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
      decimals: 6,
      chainId: 1,
    })
    expect(parseSwapkitAsset('GAIA.ATOM')).toMatchObject({ thorAsset: 'GAIA.ATOM', decimals: 6 })
    expect(parseSwapkitAsset('BSC.BNB')).toMatchObject({ thorAsset: 'BSC.BNB', decimals: 18, chainId: 56 })
  })

  it('knows nothing of chains SwapKit does not serve, wrong tickers or unlisted contracts', () => {
    expect(parseSwapkitAsset('RHD.ETH')).toBeUndefined()
    expect(parseSwapkitAsset('BTC.ETH')).toBeUndefined()
    expect(parseSwapkitAsset('ETH.USDC-0x0000000000000000000000000000000000000001')).toBeUndefined()
    expect(parseSwapkitAsset('nonsense')).toBeUndefined()
  })
})
