import { describe, expect, it } from 'vitest'
import { buildSwapMemo } from './buildSwapMemo'
import { parseMemoAmount, parseSwapMemo } from './parseSwapMemo'

describe('parseSwapMemo', () => {
  it('reads a streaming memo with a refund address and two affiliates with their own fees', () => {
    expect(parseSwapMemo('=:b:bc1qdest/0xrefund:3495511/1/0:sk/sq:10/5')).toEqual({
      ok: true,
      memo: {
        kind: 'market',
        asset: 'b',
        destination: 'bc1qdest',
        refundAddress: '0xrefund',
        limit: 3495511n,
        interval: 1,
        quantity: 0,
        affiliates: [
          { name: 'sk', bps: 10 },
          { name: 'sq', bps: 5 },
        ],
      },
    })
  })

  it('applies one fee to every affiliate and keeps empty fields as no limit', () => {
    const parsed = parseSwapMemo('SWAP:ETH.USDC:0xdest::ab/cd:10')
    expect(parsed).toMatchObject({ ok: true, memo: { limit: 0n, affiliates: [{ bps: 10 }, { bps: 10 }] } })
  })

  it('accepts the aliases and scientific-notation limits THORChain accepts', () => {
    expect(parseSwapMemo('s:e:0xdest:161e6')).toMatchObject({ ok: true, memo: { limit: 161_000_000n } })
    expect(parseMemoAmount('1.5e3')).toBe(1500n)
    expect(parseSwapMemo('=<:e:0xdest:1')).toMatchObject({ ok: true, memo: { kind: 'limit' } })
  })

  it('rejects what THORChain refunds: fee count mismatch, six affiliates, over 1000 bps, no swap', () => {
    expect(parseSwapMemo('=:e:0xdest:1:a/b/c:10/20')).toEqual({
      ok: false,
      reason: '3 affiliates but 2 fees',
    })
    expect(parseSwapMemo('=:e:0xdest:1:a/b/c/d/e/f:1')).toEqual({
      ok: false,
      reason: 'more than 5 affiliates',
    })
    expect(parseSwapMemo('=:e:0xdest:1:a/b:600/500')).toEqual({
      ok: false,
      reason: 'affiliate fees above 1000 bps',
    })
    expect(parseSwapMemo('ADD:BTC.BTC:thor1x')).toEqual({ ok: false, reason: 'not a swap memo' })
    expect(parseSwapMemo('=:e:0xdest:abc')).toEqual({ ok: false, reason: 'memo limit is malformed' })
  })

  it('reads back what buildSwapMemo writes', () => {
    const memo = buildSwapMemo({
      asset: 'ETH.USDC',
      destination: '0xdest',
      refundAddress: 'bc1qrefund',
      limit: 42n,
      streaming: { interval: 1, quantity: 0 },
      affiliates: [{ name: 'sk', bps: 15 }],
    })
    expect(memo).toBe('=:ETH.USDC:0xdest/bc1qrefund:42/1/0:sk:15')
    expect(parseSwapMemo(memo)).toMatchObject({
      ok: true,
      memo: { limit: 42n, affiliates: [{ name: 'sk', bps: 15 }] },
    })
  })
})
