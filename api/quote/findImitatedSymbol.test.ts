import { describe, expect, it } from 'vitest'
import { findChain } from '../../shared'
import { findImitatedSymbol } from './findImitatedSymbol'

const ethereum = findChain('ETH')!

describe('findImitatedSymbol', () => {
  it.each([
    ['USDC', 'USDC'],
    ['usdc', 'USDC'],
    ['USDС', 'USDC'], // Cyrillic Es
    ['US\u200bDC', 'USDC'], // zero-width space
    ['U\u0336SDC', 'USDC'], // a combining stroke
    ['USD C', 'USDC'],
    ['ＵＳＤＣ', 'USDC'], // fullwidth
    ['𝐔𝐒𝐃𝐂', 'USDC'], // mathematical bold
    ['ЕТН', 'ETH'], // Cyrillic: the native coin's symbol
    ['ΕΤΗ', 'ETH'], // Greek
    ['WΕTH', 'WETH'],
    ['USDC\u115f', 'USDC'], // a Hangul filler: a letter that draws nothing
    ['US\u2800DC', 'USDC'], // the blank braille pattern
    ['USDϹ', 'USDC'], // Greek lunate sigma
    ['υSDC', 'USDC'], // Greek small upsilon, whose capital is a Y
    ['ՍՏDC', 'USDC'], // Armenian
    ['USDᏟ', 'USDC'], // Cherokee
    ['ꓴꓢꓓꓚ', 'USDC'], // Lisu
    ['ᴜsᴅᴄ', 'USDC'], // small capitals
    ['ԝЕТН', 'WETH'],
  ])('finds that %j passes for %s', (symbol, listed) => {
    expect(findImitatedSymbol({ chain: ethereum, symbol })).toBe(listed)
  })

  it.each(['PEPE', 'USDC.e', 'USDCX', 'CDSU', 'MKR2', 'ΥSDC'])(
    'finds that %j passes for nothing listed',
    (symbol) => {
      expect(findImitatedSymbol({ chain: ethereum, symbol })).toBeUndefined()
    },
  )

  it("compares with the chain's own list", () => {
    const base = findChain('BASE')!
    // Base lists cbBTC and not WBTC; Ethereum the other way round.
    expect(findImitatedSymbol({ chain: base, symbol: 'CBBТC' })).toBe('cbBTC')
    expect(findImitatedSymbol({ chain: base, symbol: 'WBТC' })).toBeUndefined()
    expect(findImitatedSymbol({ chain: ethereum, symbol: 'WBТC' })).toBe('WBTC')
  })
})
