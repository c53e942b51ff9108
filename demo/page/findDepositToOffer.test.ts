import { describe, expect, it } from 'vitest'
import { QuoteSchema, type Quote } from '../../shared/schemas'
import { SwapQuoteDoneEvent, SwapQuoteStepEvent } from '../../widget/events'
import { findDepositToOffer } from './findDepositToOffer'
import type { WidgetEvent } from './widgetEvents'

const depositQuote: Quote = QuoteSchema.parse({
  provider: 'thorchain',
  quoteId: 'q_deposit',
  sellChain: 'BTC',
  buyChain: 'ETH',
  sellToken: { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' },
  buyToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
  sellAmount: '0.01',
  buyAmount: '0.3',
  rate: 30,
  depositAddress: 'bc1qdepositaddress0000000000000000000000000',
  memo: '=:ETH.ETH:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266:0/1/0:sq:30',
  expiresAt: '2030-01-01T00:00:00.000Z',
})

const step = (name: 'deposit:instructions' | 'swap:pending') =>
  new SwapQuoteStepEvent({ step: name }) as WidgetEvent

describe('findDepositToOffer', () => {
  it('offers the executed quote as the deposit once the widget shows its instructions', () => {
    expect(findDepositToOffer({ event: step('deposit:instructions'), executed: depositQuote })).toEqual({
      address: depositQuote.depositAddress,
      memo: depositQuote.memo,
      amount: '0.01',
      asset: depositQuote.sellToken,
      chain: 'BTC',
      expiresAt: depositQuote.expiresAt,
    })
  })

  it('offers nothing for other steps, nor for a delivery the widget reports done', () => {
    expect(findDepositToOffer({ event: step('swap:pending'), executed: depositQuote })).toBeUndefined()
    const delivered = new SwapQuoteDoneEvent({
      status: 'delivered',
      route: 'deposit',
      quoteId: 'q_deposit',
    }) as WidgetEvent
    expect(findDepositToOffer({ event: delivered, executed: depositQuote })).toBeUndefined()
  })

  it('offers nothing when no quote was executed', () => {
    expect(findDepositToOffer({ event: step('deposit:instructions'), executed: undefined })).toBeUndefined()
  })
})
