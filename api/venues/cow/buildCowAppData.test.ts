import { keccak256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildCowAppData } from './buildCowAppData'

const SERVICE = '0x1111111111111111111111111111111111111111'
const PARTNER = '0x2222222222222222222222222222222222222222'
const base = { appCode: 'SwapQuote', slippageBps: 50 }

describe('buildCowAppData', () => {
  it('writes the policies in order as volume policies, with the slippage and schema version', () => {
    const appData = buildCowAppData({
      ...base,
      policies: [
        { volumeBps: 30, recipient: SERVICE },
        { volumeBps: 25, recipient: PARTNER },
      ],
    })
    const document = JSON.parse(appData.fullAppData)
    expect(document.metadata.partnerFee).toEqual([
      { recipient: SERVICE, volumeBps: 30 },
      { recipient: PARTNER, volumeBps: 25 },
    ])
    expect(document.metadata.quote).toEqual({ slippageBips: 50 })
    expect(document.version).toBe('1.15.0')
    expect(appData.totalVolumeBps).toBe(55)
  })

  it('hashes exactly the string it returns', () => {
    const appData = buildCowAppData({ ...base, policies: [{ volumeBps: 30, recipient: SERVICE }] })
    expect(appData.appDataHash).toBe(keccak256(stringToHex(appData.fullAppData)))
  })

  it('writes no partnerFee at all when nothing is charged', () => {
    const appData = buildCowAppData({ ...base, policies: [] })
    expect(JSON.parse(appData.fullAppData).metadata).not.toHaveProperty('partnerFee')
    expect(appData.totalVolumeBps).toBe(0)
  })
})
