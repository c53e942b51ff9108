import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { computePartnerFeeAmounts, readPartnerFees } from './readPartnerFees'

const recipient: Address = '0x1111111111111111111111111111111111111111'

describe('readPartnerFees', () => {
  it('reads the volume, legacy bps, surplus and list forms', () => {
    const doc = (partnerFee: unknown) => JSON.stringify({ metadata: { partnerFee } })
    expect(readPartnerFees(doc({ volumeBps: 25, recipient }))).toEqual([
      { kind: 'volume', bps: 25, recipient },
    ])
    expect(readPartnerFees(doc({ bps: 10, recipient }))).toEqual([{ kind: 'volume', bps: 10, recipient }])
    expect(
      readPartnerFees(
        doc([
          { surplusBps: 50, maxVolumeBps: 20, recipient },
          { volumeBps: 5, recipient },
        ]),
      ),
    ).toEqual([
      { kind: 'surplus', bps: 50, maxVolumeBps: 20, recipient },
      { kind: 'volume', bps: 5, recipient },
    ])
    expect(readPartnerFees('not json')).toEqual([])
    expect(readPartnerFees(doc({ volumeBps: 25 }))).toEqual([])
  })
})

describe('computePartnerFeeAmounts', () => {
  it('takes volume fees of the gross output, rounded down', () => {
    expect(
      computePartnerFeeAmounts({
        policies: [{ kind: 'volume', bps: 25, recipient }],
        grossOut: 1_000_003n,
        limitBuyAmount: 0n,
      }),
    ).toEqual([2500n])
  })

  it('caps all partner fees together at 100 bps of volume, compounding as the backend does', () => {
    const policies = [
      { kind: 'volume' as const, bps: 30, recipient },
      { kind: 'volume' as const, bps: 70, recipient },
    ]
    // The second policy gets (1.01 / 1.003 − 1) of volume: 69.79 bps, not 70.
    expect(computePartnerFeeAmounts({ policies, grossOut: 10n ** 18n, limitBuyAmount: 0n })).toEqual([
      3n * 10n ** 15n,
      (10n ** 18n * 70n) / 10_030n,
    ])
    const over = [
      { kind: 'volume' as const, bps: 70, recipient },
      { kind: 'volume' as const, bps: 70, recipient },
    ]
    expect(computePartnerFeeAmounts({ policies: over, grossOut: 1_007_000n, limitBuyAmount: 0n })).toEqual([
      7_049n,
      (1_007_000n * 30n) / 10_070n,
    ])
  })

  it('takes a surplus fee from what exceeds the limit, capped by maxVolumeBps', () => {
    const policies = [{ kind: 'surplus' as const, bps: 5000, maxVolumeBps: 10, recipient }]
    expect(computePartnerFeeAmounts({ policies, grossOut: 10_000n, limitBuyAmount: 9_990n })).toEqual([5n])
    expect(computePartnerFeeAmounts({ policies, grossOut: 10_000n, limitBuyAmount: 9_000n })).toEqual([10n])
  })
})
