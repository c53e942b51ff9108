import { describe, expect, it } from 'vitest'
import { bitcoin, ethereum } from '../../shared'
import { createTestRequest, nativeToken, TEST_SENDER, USDC_ETH } from '../venues/common/createTestRequest'
import { priced } from '../testing/fakeVenue'
import { toQuote } from '../quote/toQuote'
import { calldataDigest, refundAddressOf, toTrackingRecord, TrackingRecordSchema } from './trackingRecord'

const issuedAt = Date.UTC(2026, 10, 25, 9)
const quoteId = 'q_3mJ8fP0aQ1x-Zr7bL2cVwA'

describe('toTrackingRecord', () => {
  it("keeps a transaction route: provider, chains, tokens with decimals, recipient, floor in base units, the called contract, its calldata's digest, the tool", () => {
    const request = createTestRequest()
    const venueQuote = priced(request, 'lifi', 400_000_000_000_000_000n, {
      minBuyAmount: 398_000_000_000_000_000n,
      tool: 'uniswap',
      tx: {
        chainId: 1,
        to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
        data: '0x4630A0D8AB',
        value: '0x0',
      },
    })
    const quote = toQuote({ venueQuote, request, now: issuedAt, quoteId })
    const record = toTrackingRecord({ quote, venueQuote, request, issuedAt })
    // Any case of the same calldata is the same transaction; one byte more is not.
    expect(record.txDataDigest).toBe(calldataDigest('0x4630a0d8ab'))
    expect(record.txDataDigest).not.toBe(calldataDigest('0x4630a0d8ab00'))
    expect(record).toEqual({
      v: 1,
      quoteId,
      provider: 'lifi',
      sellChain: 'ETH',
      buyChain: 'ETH',
      sellToken: { symbol: 'USDC', decimals: 6, address: USDC_ETH.contract },
      buyToken: { symbol: 'WETH', decimals: 18, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
      sender: TEST_SENDER,
      recipient: TEST_SENDER,
      minBuyAmount: '398000000000000000',
      route: 'tx',
      txTo: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      txDataDigest: record.txDataDigest,
      tool: 'uniswap',
      issuedAt,
    })
    expect(TrackingRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record)
    // Small: it is kept for every quote, a day long.
    expect(JSON.stringify(record).length).toBeLessThan(700)
  })

  it("keeps a deposit route's vault and memo, and the memo's own refund address", () => {
    const btcSender = 'bc1qc7slrfxkknqcq2jevvvkdgvrt8080852dfjewde'
    const refund = 'bc1q8gwfvsx3yzmzzg3ga3hmc7t4t4ln6ulnr9v2lw'
    const request = createTestRequest({
      sellChain: bitcoin,
      sellToken: {
        caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0',
        symbol: 'BTC',
        decimals: 8,
        kind: 'native',
      },
      buyChain: ethereum,
      buyToken: nativeToken(ethereum),
      sellAmount: 1_000_000n,
      sender: btcSender,
    })
    const memo = `=:ETH.ETH:${TEST_SENDER}/${refund}:1504380/1/0:sq:20`
    const venueQuote = priced(request, 'thorchain', 152_000_000_000_000_000n, {
      minBuyAmount: 150_438_000_000_000_000n,
      depositAddress: 'bc1qvault0000000000000000000000000000000000',
      memo,
    })
    const quote = toQuote({ venueQuote, request, now: issuedAt, quoteId })
    const record = toTrackingRecord({ quote, venueQuote, request, issuedAt })
    expect(record).toMatchObject({
      provider: 'thorchain',
      route: 'deposit',
      sellToken: { symbol: 'BTC', decimals: 8 },
      buyToken: { symbol: 'ETH', decimals: 18 },
      depositAddress: 'bc1qvault0000000000000000000000000000000000',
      memo,
      refundAddress: refund,
    })
    expect(record.sellToken).not.toHaveProperty('address')
    expect(refundAddressOf(record)).toBe(refund)
    expect(refundAddressOf({ ...record, refundAddress: undefined })).toBe(btcSender)
  })
})
