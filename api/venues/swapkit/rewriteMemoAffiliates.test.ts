import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readMemoAffiliates, rewriteMemoAffiliates } from './rewriteMemoAffiliates'

const split = { serviceAffiliate: 'sq', serviceWeight: 3, coAffiliates: [{ name: 'sqops', weight: 1 }] }
const total = (memo: string) => readMemoAffiliates(memo).reduce((sum, affiliate) => sum + affiliate.bps, 0)

describe('rewriteMemoAffiliates', () => {
  it('splits the service’s own affiliate bps among the service’s affiliates, keeping the total and the limit', () => {
    const memo = '=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sq:50'
    const rewritten = rewriteMemoAffiliates(memo, split)
    // 50 × 3/4 = 37.5 → 37, 50 × 1/4 = 12.5 → 12, the remainder 1 to the service
    expect(rewritten).toBe('=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sq/sqops:38/12')
    expect(total(rewritten)).toBe(50)
  })

  it('adds up one fee given for several of our affiliates before splitting', () => {
    // `sq/sqops:10` is 10 bps each: 20 in total
    const rewritten = rewriteMemoAffiliates('=:b:bc1qdest:3495511:sq/sqops:10', split)
    expect(rewritten).toBe('=:b:bc1qdest:3495511:sq/sqops:15/5')
  })

  it('keeps every affiliate that is not ours (the routing provider’s own) with its bps and place', () => {
    const memo = '=:b:bc1qdest:3495511:sk/sq:15/40'
    const rewritten = rewriteMemoAffiliates(memo, split)
    expect(rewritten).toBe('=:b:bc1qdest:3495511:sk/sq/sqops:15/30/10')
    expect(readMemoAffiliates(rewritten)[0]).toEqual({ name: 'sk', bps: 15 })
    expect(total(rewritten)).toBe(55)
    // A memo with only the provider's affiliate is not ours to touch at all.
    expect(rewriteMemoAffiliates('=:b:bc1qdest:3495511:sk:15', split)).toBe('=:b:bc1qdest:3495511:sk:15')
  })

  it('keeps streaming parameters, the refund address and trailing fields byte for byte', () => {
    const memo =
      'SWAP:ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48:0xdest/bc1qrefund:469552000000/1/0:sq/sqops:10/20:extra:0xagg'
    const rewritten = rewriteMemoAffiliates(memo, split)
    expect(rewritten).toBe(
      'SWAP:ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48:0xdest/bc1qrefund:469552000000/1/0:sq/sqops:23/7:extra:0xagg',
    )
  })

  it('leaves a memo without affiliate fees unchanged', () => {
    expect(rewriteMemoAffiliates('=:e:0xdest:100', split)).toBe('=:e:0xdest:100')
    expect(rewriteMemoAffiliates('=:e:0xdest::t:0', split)).toBe('=:e:0xdest::t:0')
  })

  it('gives the whole total to the service when it is alone, and drops a co-affiliate whose share rounds to 0', () => {
    expect(rewriteMemoAffiliates('=:e:0xdest:0/1/0:sq:7', { serviceAffiliate: 'sq' })).toBe(
      '=:e:0xdest:0/1/0:sq:7',
    )
    expect(rewriteMemoAffiliates('=:e:0xdest:1:sq:1', split)).toBe('=:e:0xdest:1:sq:1')
  })

  it('refuses what THORChain would refund: more than 5 affiliates, mismatched fee counts, non-swap memos', () => {
    const many = {
      serviceAffiliate: 'sq',
      coAffiliates: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, weight: 1 })),
    }
    expect(() => rewriteMemoAffiliates('=:e:0xdest:1:sq:50', many)).toThrow(/at most 5/)
    expect(() => rewriteMemoAffiliates('=:e:0xdest:1:a/b/c/d/sq:1/1/1/1/9', split)).toThrow(/at most 5/)
    expect(() => rewriteMemoAffiliates('=:e:0xdest:1:a/b/c:10/20', split)).toThrow(/3 affiliates but 2 fees/)
    expect(() => rewriteMemoAffiliates('ADD:BTC.BTC:thor1x', split)).toThrow(/not a THORChain swap memo/)
    expect(() => rewriteMemoAffiliates('=:e:0xdest:1:x:abc', split)).toThrow(/malformed/)
    expect(() =>
      rewriteMemoAffiliates('=:e:0xdest:1:sq:5', {
        serviceAffiliate: 'sq',
        coAffiliates: [{ name: 'a b', weight: 1 }],
      }),
    ).toThrow(/invalid affiliate/)
  })

  it('always keeps the total bps, every other affiliate, the limit and everything before the affiliates (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 0, maxLength: 4 }),
        fc.integer({ min: 1, max: 9 }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (fees, weights, serviceWeight, limit) => {
          // The first affiliate is ours, the others the provider's.
          const names = fees.map((_, index) => (index === 0 ? 'sq' : `aff${index}`))
          const head = `=:ETH.ETH:0xdest:${limit}/1/0`
          const memo = `${head}:${names.join('/')}:${fees.join('/')}`
          if (names.length + weights.length > 5) return
          const rewritten = rewriteMemoAffiliates(memo, {
            serviceAffiliate: 'sq',
            serviceWeight,
            coAffiliates: weights.map((weight, index) => ({ name: `co${index}`, weight })),
          })
          expect(total(rewritten)).toBe(fees.reduce((sum, fee) => sum + fee, 0))
          const kept = readMemoAffiliates(rewritten).filter((affiliate) => affiliate.name.startsWith('aff'))
          expect(kept).toEqual(names.slice(1).map((name, index) => ({ name, bps: fees[index + 1] })))
          expect(rewritten.startsWith(`${head}:`)).toBe(true)
        },
      ),
    )
  })
})
