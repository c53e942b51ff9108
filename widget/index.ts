export {
  SwapQuoteBeforeExecuteEvent,
  SwapQuoteChangeEvent,
  SwapQuoteConnectEvent,
  SwapQuoteDoneEvent,
  SwapQuoteErrorEvent,
  SwapQuoteQuoteEvent,
  SwapQuoteStepEvent,
  SwapQuoteSubmittedEvent,
} from './events'
export type { SwapDeliveryResult } from './events'
export { PREVIEW_ADDRESS, QUOTE_DEBOUNCE_MS, SWAP_QUOTE_TAG, SwapQuote } from './swap-quote'
