import { describe, expect, it } from 'vitest'
import { buildCowAppData } from './buildCowAppData'
import { createCowAppDataCache } from './createCowAppDataCache'

const SERVICE = '0x1111111111111111111111111111111111111111'
const PARTNER = '0x2222222222222222222222222222222222222222'
const base = {
  appCode: 'SwapQuote',
  slippageBps: 50,
  policies: [
    { volumeBps: 30, recipient: SERVICE },
    { volumeBps: 25, recipient: PARTNER },
  ],
}

describe('createCowAppDataCache', () => {
  it('answers exactly what buildCowAppData builds, for every fee and slippage set', () => {
    const appDataFor = createCowAppDataCache()
    for (const parameters of [
      base,
      { ...base, policies: [base.policies[0]!, { volumeBps: 70, recipient: PARTNER }] },
      { ...base, slippageBps: 75 },
      { ...base, policies: [base.policies[0]!] },
      { ...base, policies: [] },
    ]) {
      expect(appDataFor(parameters)).toEqual(buildCowAppData(parameters))
      expect(appDataFor(parameters)).toEqual(buildCowAppData(parameters))
    }
  })

  it('never answers one recipient’s app data for another recipient', () => {
    const appDataFor = createCowAppDataCache()
    const first = appDataFor(base)
    const other = appDataFor({
      ...base,
      policies: [base.policies[0]!, { volumeBps: 25, recipient: SERVICE }],
    })
    expect(other.appDataHash).not.toBe(first.appDataHash)
    expect(JSON.parse(other.fullAppData).metadata.partnerFee[1].recipient).toBe(SERVICE)
  })

  it('keeps at most its size of sets, dropping the oldest', () => {
    const appDataFor = createCowAppDataCache(2)
    const first = appDataFor({ ...base, slippageBps: 1 })
    appDataFor({ ...base, slippageBps: 2 })
    expect(appDataFor({ ...base, slippageBps: 1 })).toBe(first)
    appDataFor({ ...base, slippageBps: 3 })
    // Slippage 1 was the oldest when 3 came in, so it is built again (equal, not the same object).
    const rebuilt = appDataFor({ ...base, slippageBps: 1 })
    expect(rebuilt).not.toBe(first)
    expect(rebuilt).toEqual(first)
  })
})
