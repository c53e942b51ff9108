import { describe, expect, it } from 'vitest'
import { ethereum } from '../../../shared'
import { createTestRequest, erc20Token, nativeToken, USDC_ETH, WETH_ETH } from './createTestRequest'
import { estimateGasInBuyToken } from './estimateGasInBuyToken'

const USDT = erc20Token(ethereum, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 6)
const E18 = 10n ** 18n
// 0.001 ETH of gas.
const gasWei = 10n ** 15n

describe('estimateGasInBuyToken', () => {
  it('is the gas itself when the native coin or its wrapped form is bought', () => {
    const request = createTestRequest({ sellToken: USDC_ETH, buyToken: WETH_ETH })
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 10n ** 17n })).toBe(gasWei)
  })

  it("converts through the quote's own rate when the native coin is sold", () => {
    // 1 ETH for 3,000 USDC: 0.001 ETH of gas is 3 USDC.
    const request = createTestRequest({
      sellToken: nativeToken(ethereum),
      buyToken: USDC_ETH,
      sellAmount: E18,
    })
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 3_000_000_000n })).toBe(3_000_000n)
  })

  it('converts a token-to-token swap at the USD prices of the native coin and the buy token', () => {
    const request = createTestRequest({
      sellToken: USDC_ETH,
      buyToken: USDT,
      sellAmount: 200_000_000n,
      gasRate: { nativePriceE18: 3_000n * E18, buyPriceE18: (9_995n * E18) / 10_000n },
    })
    // $3 of gas at $0.9995 a USDT: 3.001500… USDT, rounded up.
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 199_000_000n })).toBe(3_001_501n)
  })

  it("takes the sell token's price and the quote's rate when the buy token's price is unknown", () => {
    const request = createTestRequest({
      sellToken: USDC_ETH,
      buyToken: USDT,
      sellAmount: 200_000_000n,
      gasRate: { nativePriceE18: 3_000n * E18, sellPriceE18: E18 },
    })
    // $3 of gas is 3 USDC, and 200 USDC buys 199 USDT: 2.985 USDT.
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 199_000_000n })).toBe(2_985_000n)
  })

  it("takes the prices it is given (a venue's own), and says nothing without any", () => {
    const request = createTestRequest({ sellToken: USDC_ETH, buyToken: USDT, sellAmount: 200_000_000n })
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 199_000_000n })).toBeUndefined()
    const rate = { nativePriceE18: 2_000n * E18, buyPriceE18: E18 }
    expect(estimateGasInBuyToken({ request, gasWei, buyAmount: 199_000_000n, rate })).toBe(2_000_000n)
  })
})
