import { describe, expect, it } from 'vitest'
import { devAccountRoles, getDevAddress } from './devAccounts'

describe('devAccountRoles', () => {
  it('gives every sandbox role an account of its own, so one role’s balance never moves with another’s traffic', () => {
    const indices = Object.values(devAccountRoles)
    expect(new Set(indices).size).toBe(indices.length)
    // The demo partner's payout wallet is not the THORChain vault (deposits and payouts move that one).
    expect(getDevAddress(devAccountRoles.registeredPartnerPayout)).not.toBe(
      getDevAddress(devAccountRoles.thorchainVault),
    )
  })
})
