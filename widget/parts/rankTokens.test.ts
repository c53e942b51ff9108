import { describe, expect, it } from 'vitest'
import { listTokens } from '../../shared'
import { findChain } from '../../shared/chains'
import type { Token } from '../../shared/schemas'
import { rankTokens } from './rankTokens'

const eth = listTokens(findChain('ETH')!)
const base = listTokens(findChain('BASE')!)
const symbols = (tokens: Token[]) => tokens.map((token) => token.symbol)
const caipOf = (symbol: string) => eth.find((token) => token.symbol === symbol)!.caip

describe('rankTokens', () => {
  it('opens on the chain coin, then the popular tokens in their order, then the rest', () => {
    expect(symbols(rankTokens({ tokens: eth, query: '' }))).toEqual([
      'ETH',
      'USDC',
      'USDT',
      'WETH',
      'WBTC',
      'DAI',
    ])
  })

  it('puts tokens the wallet holds first, popular order among them', () => {
    const balances = new Map([
      [caipOf('DAI'), 5n],
      [caipOf('WBTC'), 1n],
      [caipOf('USDC'), 0n],
    ])
    expect(symbols(rankTokens({ tokens: eth, query: '', balances }))).toEqual([
      'WBTC',
      'DAI',
      'ETH',
      'USDC',
      'USDT',
      'WETH',
    ])
  })

  it('ranks an exact symbol over a prefix, a prefix over a name word, whatever the case', () => {
    const tokens: Token[] = [
      token('WETH', 'Wrapped Ether'),
      token('ETHX', 'Stader ETHx'),
      token('ETH', 'Ether', false),
      token('SETH', 'Something Else'),
      token('ABC', 'Ethos Coin'),
    ]
    // WETH's name has the word "Ether": the name tier, where the popular token leads.
    expect(symbols(rankTokens({ tokens, query: 'eTh' }))).toEqual(['ETH', 'ETHX', 'WETH', 'ABC', 'SETH'])
  })

  it('matches the start of a name word before a name substring, and drops what does not match', () => {
    // "USD Coin" and "Coinbase Wrapped BTC" have a word starting "coin"; "Dai Stablecoin" only contains it.
    expect(symbols(rankTokens({ tokens: base, query: 'coin' }))).toEqual(['USDC', 'cbBTC', 'DAI'])
    expect(rankTokens({ tokens: base, query: 'zzz' })).toEqual([])
  })

  it('finds a listed token by its pasted contract address in any case', () => {
    const usdc = eth.find((entry) => entry.symbol === 'USDC')!
    expect(
      rankTokens({ tokens: eth, query: ` ${usdc.contract!.toUpperCase().replace('0X', '0x')} ` }),
    ).toEqual([usdc])
  })
})

function token(symbol: string, name: string, isToken = true): Token {
  const contract = `0x${symbol
    .padEnd(40, '0')
    .replace(/[^0-9a-f]/gi, '1')
    .slice(0, 40)}`
  return {
    symbol,
    name,
    chain: 'ETH',
    isToken,
    caip: isToken ? `eip155:1/erc20:${contract}` : 'eip155:1/slip44:60',
    ...(isToken ? { contract } : {}),
    decimals: 18,
  }
}
