import { describe, expect, it } from 'vitest'
import { createUsdPriceBook } from './createUsdPriceBook'

const ETH = 'eip155:1/slip44:60'

describe('createUsdPriceBook', () => {
  it('gives a learned price back until it is older than its max age', () => {
    const book = createUsdPriceBook({ maxAgeMs: 1000 })
    book.learn(ETH, 3000n, 10_000)
    expect(book.read(ETH, 11_000)).toBe(3000n)
    expect(book.read(ETH, 11_001)).toBeUndefined()
  })

  it('keys tokens by CAIP id regardless of address case, and keeps the latest price', () => {
    const book = createUsdPriceBook()
    book.learn('eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 1n, 0)
    book.learn('eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 2n, 5)
    expect(book.read('eip155:1/erc20:0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48', 6)).toBe(2n)
  })

  it('forgets the stalest token first when full', () => {
    const book = createUsdPriceBook({ maxTokens: 2 })
    book.learn('a', 1n, 0)
    book.learn('b', 2n, 1)
    book.learn('a', 3n, 2)
    book.learn('c', 4n, 3)
    expect([book.read('a', 3), book.read('b', 3), book.read('c', 3)]).toEqual([3n, undefined, 4n])
  })
})
