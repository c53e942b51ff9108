import { describe, expect, it } from 'vitest'
import { computeCowOrderAmounts } from './computeCowOrderAmounts'

const workedExample = {
  quoteSellAmount: 999_398_000n,
  quoteBuyAmount: 399_679_248_000_000_000n,
  quoteFeeAmount: 602_000n,
  protocolFeeBps: 2,
  partnerFeeBps: 25,
  slippagePpm: 5_000,
}

describe('computeCowOrderAmounts', () => {
  it('reproduces cow.md’s worked example to the wei', () => {
    const amounts = computeCowOrderAmounts(workedExample)
    // the fee is folded back: the order sells the whole input and signs feeAmount 0
    expect(amounts.sellAmount).toBe(999_398_000n + 602_000n)
    expect(amounts.sellAmount).toBe(1_000_000_000n)
    // partner fee = 25/10000 × (buyAmount + fee in buy token + protocol fee)
    const feeInBuy = (602_000n * 399_679_248_000_000_000n) / 999_398_000n
    const protocolFee = (399_679_248_000_000_000n * 200_000n) / (1_000_000_000n - 200_000n)
    expect(amounts.partnerFeeAmount).toBe(
      ((399_679_248_000_000_000n + feeInBuy + protocolFee) * 25n) / 10_000n,
    )
    expect(amounts.partnerFeeAmount).toBe(999_999_879_199_679n)
    expect(amounts.buyAmountAfterFees).toBe(398_679_248_120_800_321n)
    expect(amounts.buyAmount).toBe(396_685_851_880_196_320n)
  })

  it('keeps the quoted buy amount, less slippage only, when there is no fee at all', () => {
    const amounts = computeCowOrderAmounts({
      ...workedExample,
      quoteFeeAmount: 0n,
      protocolFeeBps: 0,
      partnerFeeBps: 0,
    })
    expect(amounts.sellAmount).toBe(999_398_000n)
    expect(amounts.buyAmountAfterFees).toBe(399_679_248_000_000_000n)
    expect(amounts.buyAmount).toBe(399_679_248_000_000_000n - (399_679_248_000_000_000n * 50n) / 10_000n)
  })

  it('never signs more than the fees leave', () => {
    const amounts = computeCowOrderAmounts({ ...workedExample, quoteBuyAmount: 3n, partnerFeeBps: 10_000 })
    expect(amounts.buyAmount).toBe(0n)
  })
})
