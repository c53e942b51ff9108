import type { WidgetEvent } from './widgetEvents'
import { shortenHex } from './shortenHex'

/** One line of the event log: the event's name without its prefix and a short summary. */
export type WidgetEventLine = { name: string; summary: string }

/**
 * Summarises a `swap-quote:*` event for the demo page's event log.
 *
 * @example
 * describeWidgetEvent(new SwapQuoteChangeEvent('amount', '0.5')) // { name: 'change', summary: 'amount = 0.5' }
 */
export function describeWidgetEvent(event: WidgetEvent): WidgetEventLine {
  const name = event.type.replace(/^swap-quote:/, '')
  switch (event.type) {
    case 'swap-quote:quote': {
      const { quote } = event
      const fee = quote.partnerFee
        ? `, partner fee ${quote.partnerFee.collected ? `${quote.partnerFee.collectedBps} bps` : 'not collected'}`
        : ''
      return {
        name,
        summary: `${quote.provider}: ${quote.sellAmount} ${quote.sellToken.symbol} → ${quote.buyAmount} ${quote.buyToken.symbol}${fee}`,
      }
    }
    case 'swap-quote:change':
      return { name, summary: `${event.name} = ${event.value || '(empty)'}` }
    case 'swap-quote:connect':
      return { name, summary: 'connect requested' }
    case 'swap-quote:before-execute':
      return { name, summary: `execute ${event.quote.provider} quote` }
    case 'swap-quote:step': {
      const { step } = event
      const reference = step.txHash
        ? ` ${shortenHex(step.txHash)}`
        : step.orderUid
          ? ` ${shortenHex(step.orderUid)}`
          : ''
      return { name, summary: `${step.step}${reference}` }
    }
    case 'swap-quote:submitted':
      return {
        name,
        summary: event.txHash
          ? `tx ${shortenHex(event.txHash)} on chain ${event.chainId ?? '?'}`
          : `order ${shortenHex(event.orderUid ?? '')}`,
      }
    case 'swap-quote:done':
      return { name, summary: event.result.status }
    case 'swap-quote:error':
      return { name, summary: `${event.source} ${event.code}: ${event.message}` }
  }
}
