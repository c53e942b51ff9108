import { describe, expect, it } from 'vitest'
import { ApprovalSchema, OrderSchema, PartnerFeeSchema, QuoteSchema, StepSchema, TxSchema } from './quote'

const usdc = { caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC' }
const eth = { caip: 'eip155:1/slip44:60', symbol: 'ETH' }
const btc = { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' }

const baseQuote = {
  provider: 'zerox',
  sellChain: 'ETH',
  buyChain: 'ETH',
  sellToken: usdc,
  buyToken: eth,
  sellAmount: '3138.985215',
  buyAmount: '1',
  minBuyAmount: '0.995',
  rate: 0.000318573,
  expiresAt: '2026-08-01T12:01:00.000Z',
}

const tx = {
  chainId: 1,
  to: '0xDef1C0ded9bec7F1a1670819833240f027b25EfF',
  data: '0x415565b0',
  value: '0x0',
  gasLimit: '0x3d090',
}

const approval = {
  chainId: 1,
  token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  spender: '0x0000000000001fF3684f28c67538d4D072C22734',
  amountWei: '3138985215',
}

const order = {
  protocol: 'cow',
  chainId: 1,
  appDataUrl: 'https://api.cow.fi/mainnet/api/v1/app_data/0x1234',
  appData: { fullAppData: '{"appCode":"swap-quote","metadata":{}}', appDataHash: '0x1234' },
  typedData: {
    domain: { name: 'Gnosis Protocol', version: 'v2', chainId: 1 },
    types: { Order: [{ name: 'sellToken', type: 'address' }] },
    primaryType: 'Order',
    message: { sellToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  },
  postUrl: 'https://api.cow.fi/mainnet/api/v1/orders',
  body: { sellToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', kind: 'sell' },
  signingScheme: 'eip712',
  validTo: 1_785_000_000,
  note: 'Filled in a batch auction, usually within a minute; it can expire unfilled.',
}

const partnerFee = {
  requestedBps: 20,
  recipient: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  collectedBps: 20,
  collected: true,
  note: 'Collected in the swap fee.',
}

describe('QuoteSchema', () => {
  it('accepts a transaction route with tx and an exact approval', () => {
    expect(QuoteSchema.safeParse({ ...baseQuote, tx, approval }).success).toBe(true)
  })

  it('accepts a signed-order route carrying order and its one-time approval', () => {
    expect(QuoteSchema.safeParse({ ...baseQuote, provider: 'cow', order, approval }).success).toBe(true)
  })

  it('accepts a deposit route with depositAddress and memo and no tx', () => {
    const deposit = {
      ...baseQuote,
      provider: 'thorchain',
      sellChain: 'BTC',
      sellToken: btc,
      sellAmount: '0.1',
      depositAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      memo: '=:ETH.ETH:0x742d35Cc6634C0532925a3b844Bc454e4438f44e:0/1/0:sq:30',
    }
    expect(QuoteSchema.safeParse(deposit).success).toBe(true)
  })

  it('rejects a quote carrying both tx and order', () => {
    const result = QuoteSchema.safeParse({ ...baseQuote, tx, order })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'tx and order are mutually exclusive',
    )
  })

  it('rejects partnerFee without partner', () => {
    const result = QuoteSchema.safeParse({ ...baseQuote, tx, partnerFee })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['partnerFee'])
  })

  it('rejects partner without partnerFee, since the contract always explains the fee', () => {
    expect(QuoteSchema.safeParse({ ...baseQuote, tx, partner: 'acme' }).success).toBe(false)
  })

  it('accepts partner with partnerFee and the genuinely collected partnerFeeBps', () => {
    const quote = { ...baseQuote, tx, partner: 'acme', partnerFee, partnerFeeBps: 20 }
    expect(QuoteSchema.safeParse(quote).success).toBe(true)
  })

  it('rejects partnerFeeBps on a route that did not collect the fee', () => {
    const notCollected = { requestedBps: 20, collectedBps: 0, collected: false, note: 'No fee hook.' }
    const quote = { ...baseQuote, tx, partner: 'acme', partnerFee: notCollected, partnerFeeBps: 20 }
    expect(QuoteSchema.safeParse(quote).success).toBe(false)
    expect(QuoteSchema.safeParse({ ...quote, partnerFeeBps: undefined }).success).toBe(true)
  })

  it('rejects a partner id longer than 64 characters and a partnerFeeBps above 100', () => {
    const quote = { ...baseQuote, tx, partnerFee, partnerFeeBps: 20 }
    expect(QuoteSchema.safeParse({ ...quote, partner: 'p'.repeat(64) }).success).toBe(true)
    expect(QuoteSchema.safeParse({ ...quote, partner: 'p'.repeat(65) }).success).toBe(false)
    expect(QuoteSchema.safeParse({ ...quote, partner: 'acme', partnerFeeBps: 101 }).success).toBe(false)
  })

  it('rejects amounts in base units with exponent, sign or hex', () => {
    for (const sellAmount of ['1e3', '-1', '0x10', '.5', '01']) {
      expect(QuoteSchema.safeParse({ ...baseQuote, sellAmount }).success, sellAmount).toBe(false)
    }
  })

  it('rejects a provider name that is not short lowercase', () => {
    expect(QuoteSchema.safeParse({ ...baseQuote, provider: 'ZeroX' }).success).toBe(false)
    expect(QuoteSchema.safeParse({ ...baseQuote, provider: 'zero-x' }).success).toBe(false)
  })

  it('rejects a negative rate and a missing expiresAt', () => {
    expect(QuoteSchema.safeParse({ ...baseQuote, rate: -1 }).success).toBe(false)
    const { expiresAt: _, ...withoutExpiry } = baseQuote
    expect(QuoteSchema.safeParse(withoutExpiry).success).toBe(false)
  })
})

describe('TxSchema', () => {
  it('accepts a tx with only chainId and to', () => {
    expect(TxSchema.safeParse({ chainId: 1, to: tx.to }).success).toBe(true)
  })

  it('rejects a value in decimal or with leading zeros, and odd-length calldata', () => {
    expect(TxSchema.safeParse({ ...tx, value: '1000' }).success).toBe(false)
    expect(TxSchema.safeParse({ ...tx, value: '0x01' }).success).toBe(false)
    expect(TxSchema.safeParse({ ...tx, data: '0x415' }).success).toBe(false)
  })

  it('rejects a target that is not a 20-byte address', () => {
    expect(TxSchema.safeParse({ ...tx, to: '0x1234' }).success).toBe(false)
  })
})

describe('ApprovalSchema', () => {
  it('rejects an amount that is not an exact base-unit integer', () => {
    expect(ApprovalSchema.safeParse(approval).success).toBe(true)
    expect(ApprovalSchema.safeParse({ ...approval, amountWei: '3138.985215' }).success).toBe(false)
    expect(ApprovalSchema.safeParse({ ...approval, amountWei: '0x1' }).success).toBe(false)
  })
})

describe('OrderSchema', () => {
  it('requires appData.fullAppData and keeps the other appData fields', () => {
    const parsed = OrderSchema.parse(order)
    expect(parsed.appData).toEqual(order.appData)
    const { fullAppData: _, ...withoutFull } = order.appData
    expect(OrderSchema.safeParse({ ...order, appData: withoutFull }).success).toBe(false)
  })

  it('rejects a postUrl that is not a URL', () => {
    expect(OrderSchema.safeParse({ ...order, postUrl: 'orders' }).success).toBe(false)
  })
})

describe('PartnerFeeSchema', () => {
  it('accepts a fee that was not collected without a recipient', () => {
    const fee = {
      requestedBps: 50,
      collectedBps: 0,
      collected: false,
      note: 'Routing provider has no fee field.',
    }
    expect(PartnerFeeSchema.safeParse(fee).success).toBe(true)
  })

  it('rejects fractional or out-of-range basis points', () => {
    expect(PartnerFeeSchema.safeParse({ ...partnerFee, requestedBps: 1.5 }).success).toBe(false)
    expect(PartnerFeeSchema.safeParse({ ...partnerFee, collectedBps: 101 }).success).toBe(false)
  })
})

describe('StepSchema', () => {
  const step = {
    sellChain: 'BTC',
    sellToken: btc,
    buyChain: 'BASE',
    buyToken: { caip: 'eip155:8453/slip44:60', symbol: 'ETH' },
    sellAmount: '0.1',
    buyAmount: '2.5',
    provider: 'thorchain',
    recipient: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  }

  it('accepts one leg of a hub route', () => {
    expect(StepSchema.safeParse(step).success).toBe(true)
  })

  it('rejects a leg whose asset is not a CAIP-19 id', () => {
    expect(StepSchema.safeParse({ ...step, sellToken: { caip: 'BTC.BTC', symbol: 'BTC' } }).success).toBe(
      false,
    )
  })

  it('rejects a leg without a recipient', () => {
    const { recipient: _, ...withoutRecipient } = step
    expect(StepSchema.safeParse(withoutRecipient).success).toBe(false)
  })
})
