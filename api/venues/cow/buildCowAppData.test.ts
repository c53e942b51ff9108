import { keccak256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildCowAppData } from './buildCowAppData'

const SERVICE = '0x1111111111111111111111111111111111111111'
const PARTNER = '0x2222222222222222222222222222222222222222'
const base = {
  appCode: 'SwapQuote',
  slippageBps: 50,
  serviceFeeBps: 30,
  serviceRecipient: SERVICE,
  partnerRecipient: PARTNER,
}

describe('buildCowAppData', () => {
  it('lists the service’s 30 bps first and the partner’s bps second, as volume policies', () => {
    const appData = buildCowAppData({ ...base, partnerFeeBps: 25 })
    const document = JSON.parse(appData.fullAppData)
    expect(document.metadata.partnerFee).toEqual([
      { recipient: SERVICE, volumeBps: 30 },
      { recipient: PARTNER, volumeBps: 25 },
    ])
    expect(document.metadata.quote).toEqual({ slippageBips: 50 })
    expect(document.version).toBe('1.15.0')
    expect(appData).toMatchObject({ serviceFeeBps: 30, partnerFeeBps: 25, partnerClamped: false })
  })

  it('hashes exactly the string it returns', () => {
    const appData = buildCowAppData({ ...base, partnerFeeBps: 25 })
    expect(appData.appDataHash).toBe(keccak256(stringToHex(appData.fullAppData)))
  })

  it('clamps the partner to 70 bps so the total stays within CoW’s 100 bps cap, and says so', () => {
    const appData = buildCowAppData({ ...base, partnerFeeBps: 100 })
    expect(JSON.parse(appData.fullAppData).metadata.partnerFee[1]).toEqual({
      recipient: PARTNER,
      volumeBps: 70,
    })
    expect(appData).toMatchObject({ serviceFeeBps: 30, partnerFeeBps: 70, partnerClamped: true })
  })

  it('writes no partnerFee at all when nothing is charged', () => {
    const appData = buildCowAppData({
      ...base,
      serviceRecipient: undefined,
      partnerRecipient: undefined,
      partnerFeeBps: 0,
    })
    expect(JSON.parse(appData.fullAppData).metadata).not.toHaveProperty('partnerFee')
    expect(appData.serviceFeeBps).toBe(0)
  })
})
