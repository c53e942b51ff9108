import type { Quote } from '../../shared'
import { computeRate, formatAmount } from '../../shared'
import type { QuoteToken, VenueQuote, VenueRequest } from '../venues/venue'
import type { MarketValue } from './valueAtMidPrice'

/** Quote lifetime when the venue states none (contract 8). */
export const DEFAULT_QUOTE_TTL_MS = 60_000

export type ToQuoteParameters = {
  venueQuote: VenueQuote
  request: VenueRequest
  /** Epoch milliseconds of issue, from the injected clock. */
  now: number
  /** The quote's own id (`quoteId`), also the key of its quote-log line. */
  quoteId: string
  /** Price impact and USD values at mid prices (`valueAtMidPrice`); each field absent when unknown. */
  marketValue?: MarketValue
}

/**
 * Builds the contract's Quote (2.3) from the winning venue quote. Amounts become human-unit decimal
 * strings here and nowhere earlier; `rate` is computed from the exact base units. `partnerFee` is
 * present whenever `partner` was sent, and `partnerFeeBps` only when a fee is really collected.
 * `quoteId` (an addition to the contract) names this quote: its quote-log line, and later its status.
 * Also additions: `priceImpactBps`, `sellValueUsd`, `buyValueUsd` from `marketValue`, and
 * `verified: false` on a token outside the curated lists; `serviceFeeBps`, `networkCost` (gas and
 * fees on top, valued in the buy token as ranking valued them) and `estimatedSeconds` for the route detail.
 */
export function toQuote({ venueQuote, request, now, quoteId, marketValue }: ToQuoteParameters): Quote {
  const { sellToken, buyToken } = request
  const collectedBps = venueQuote.partnerFee?.collectedBps ?? 0
  const collected = collectedBps > 0
  return {
    provider: venueQuote.provider,
    sellChain: request.sellChain.symbol,
    buyChain: request.buyChain.symbol,
    sellToken: toAssetRef(sellToken),
    buyToken: toAssetRef(buyToken),
    sellAmount: formatAmount({ value: venueQuote.sellAmount, decimals: sellToken.decimals }),
    buyAmount: formatAmount({ value: venueQuote.buyAmount, decimals: buyToken.decimals }),
    ...(venueQuote.minBuyAmount === undefined
      ? {}
      : { minBuyAmount: formatAmount({ value: venueQuote.minBuyAmount, decimals: buyToken.decimals }) }),
    rate: computeRate({
      sellAmount: venueQuote.sellAmount,
      sellDecimals: sellToken.decimals,
      buyAmount: venueQuote.buyAmount,
      buyDecimals: buyToken.decimals,
    }),
    ...(venueQuote.tx && { tx: venueQuote.tx }),
    ...(venueQuote.approval && { approval: venueQuote.approval }),
    ...(venueQuote.depositAddress !== undefined && { depositAddress: venueQuote.depositAddress }),
    ...(venueQuote.memo !== undefined && { memo: venueQuote.memo }),
    ...(venueQuote.order && { order: venueQuote.order }),
    expiresAt: new Date(getExpiresAtMs(venueQuote.expiresAtMs, now)).toISOString(),
    ...(request.partner !== undefined && {
      partner: request.partner,
      ...(collected && { partnerFeeBps: collectedBps }),
      partnerFee: {
        requestedBps: request.partnerFeeBps,
        ...(collected &&
          venueQuote.partnerFee?.recipient !== undefined && {
            recipient: venueQuote.partnerFee.recipient,
          }),
        collectedBps,
        collected,
        note: describePartnerFee(venueQuote, request.partnerFeeBps),
      },
    }),
    quoteId,
    ...(marketValue?.priceImpactBps !== undefined && { priceImpactBps: marketValue.priceImpactBps }),
    ...(marketValue?.sellValueUsd !== undefined && { sellValueUsd: marketValue.sellValueUsd }),
    ...(marketValue?.buyValueUsd !== undefined && { buyValueUsd: marketValue.buyValueUsd }),
    serviceFeeBps: venueQuote.serviceFeeBps,
    ...(venueQuote.gasCostInBuyToken !== undefined && {
      networkCost: formatAmount({ value: venueQuote.gasCostInBuyToken, decimals: buyToken.decimals }),
    }),
    ...(venueQuote.estimatedSeconds !== undefined && { estimatedSeconds: venueQuote.estimatedSeconds }),
  }
}

function toAssetRef(token: QuoteToken): Quote['sellToken'] {
  return token.verified === false
    ? {
        caip: token.caip,
        symbol: token.symbol,
        verified: false,
        ...(token.imitates !== undefined && { imitates: token.imitates }),
      }
    : { caip: token.caip, symbol: token.symbol }
}

function describePartnerFee(venueQuote: VenueQuote, requestedBps: number): string {
  if (venueQuote.partnerFee) return venueQuote.partnerFee.note
  if (requestedBps === 0) return 'No partner fee was requested.'
  return `No partner fee is collected: the ${venueQuote.provider} route has no fee hook.`
}

/** The longest a venue's own expiry is believed: beyond it, the venue's clock or units are off. */
const MAX_QUOTE_TTL_MS = 24 * 60 * 60_000

/**
 * The quote's expiry: the venue's when it states a sane one (later than now, within a day),
 * otherwise 60 s after issue. A venue answering an expiry in the past, or in the wrong unit, must not
 * produce a quote that is expired when issued or one that never expires.
 */
export function getExpiresAtMs(venueExpiresAtMs: number | undefined, now: number): number {
  if (
    venueExpiresAtMs !== undefined &&
    venueExpiresAtMs > now &&
    venueExpiresAtMs <= now + MAX_QUOTE_TTL_MS
  ) {
    return venueExpiresAtMs
  }
  return now + DEFAULT_QUOTE_TTL_MS
}
