import { describe, expect, it } from 'vitest'
import { appliedBps, planCowFees, toCowFeeLegs } from './planCowFees'

const SERVICE = '0x1111111111111111111111111111111111111111'
const POOL = '0x3333333333333333333333333333333333333333'
const PAYOUT = '0x2222222222222222222222222222222222222222'

describe('planCowFees', () => {
  it('caps the second policy as the backend does, compounding: 70 bps after 30 bps is 69.79, reported as 69', () => {
    const plan = planCowFees({
      request: { partnerFeeBps: 100 },
      serviceFeeBps: 30,
      serviceRecipient: SERVICE,
      partnerRecipient: POOL,
      partner: undefined,
    })
    expect(plan.policies.map((policy) => [policy.volumeBps, policy.recipient])).toEqual([
      [30, SERVICE],
      [70, POOL],
    ])
    expect(plan.policies.map(appliedBps)).toEqual([30, 69])
    // (1 + 0.01) / (1 + 0.003) − 1 of 10^18: what the backend takes, not 70 bps.
    const legs = toCowFeeLegs({ plan, volume: 10n ** 18n })
    expect(legs[1]!.amount).toBe((10n ** 18n * 70n) / 10_030n)
    expect(legs[1]!.amount).toBeLessThan((10n ** 18n * 70n) / 10_000n)
    expect(plan.shortfall).toMatch(/caps all partner-fee policies/)
  })

  it('pays an unregistered partner through PARTNER_FEE_RECIPIENT, later, by CoW DAO less its share: owed by us', () => {
    const plan = planCowFees({
      request: { partnerFeeBps: 20 },
      serviceFeeBps: 30,
      serviceRecipient: SERVICE,
      partnerRecipient: POOL,
      partner: undefined,
    })
    const [service, partner] = toCowFeeLegs({ plan, volume: 1_000_000n })
    expect(service).toMatchObject({ party: 'service', bps: 30, payout: 'venueLater', venueSharePpm: 250_000 })
    expect(partner).toMatchObject({
      party: 'partner',
      bps: 20,
      paidTo: 'service',
      recipient: POOL,
      amount: 2_000n,
    })
  })

  it('names a registered partner’s own wallet in its policy, within its registered cap', () => {
    const plan = planCowFees({
      request: { partnerFeeBps: 50 },
      serviceFeeBps: 30,
      serviceRecipient: SERVICE,
      partnerRecipient: undefined,
      partner: { id: 'acme', payoutAddress: PAYOUT, maxFeeBps: 40 },
    })
    expect(plan.policies[1]).toMatchObject({ recipient: PAYOUT, volumeBps: 40, paidTo: 'partner' })
    expect(plan.shortfall).toMatch(/registered cap is 40/)
  })

  it('asks for nothing the cap leaves no room for', () => {
    const plan = planCowFees({
      request: { partnerFeeBps: 10 },
      serviceFeeBps: 100,
      serviceRecipient: SERVICE,
      partnerRecipient: undefined,
      partner: undefined,
    })
    expect(plan.policies).toHaveLength(1)
  })
})
