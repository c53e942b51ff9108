import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Quote } from '../../shared'
import type { QuoteToken, VenueQuote, VenueRequest } from '../venues/venue'

const integer = z.string().regex(/^[0-9]{1,78}$/)
const TrackedTokenSchema = z.object({
  symbol: z.string(),
  decimals: z.number().int().min(0).max(255),
  /** The ERC-20 contract; absent for a chain's native coin. */
  address: z.string().optional(),
})
export type TrackedToken = z.infer<typeof TrackedTokenSchema>

/**
 * What the server keeps of one answered quote so that `GET /status` can follow the swap made from it:
 * who trades what for what where, the floor that makes it "delivered", and how it is carried out.
 * Small on purpose (one per quote, a day long, in the shared store: about half a kilobyte as JSON).
 * Amounts are base units.
 */
export const TrackingRecordSchema = z.object({
  v: z.literal(1),
  quoteId: z.string(),
  provider: z.string(),
  sellChain: z.string(),
  buyChain: z.string(),
  sellToken: TrackedTokenSchema,
  buyToken: TrackedTokenSchema,
  /** The signing wallet; on a UTXO or Cosmos sell chain the user's own address there. */
  sender: z.string(),
  /** Where the bought asset lands, on the buy chain. */
  recipient: z.string(),
  /** Where a venue's refund goes, on the sell chain, when not the sender: a THORChain memo's refund address. */
  refundAddress: z.string().optional(),
  /** The floor a delivery must reach: the quote's `minBuyAmount`, or 1 where the venue stated none. */
  minBuyAmount: integer,
  /** How the quote is carried out: a transaction, a signed CoW order, or a deposit with a memo. */
  route: z.enum(['tx', 'order', 'deposit']),
  /** The contract the quote's transaction calls (a router, a bridge, the THORChain router). */
  txTo: z.string().optional(),
  /**
   * The SHA-256 of the quote's transaction calldata (`calldataDigest`), which is sent as it stands: a
   * hash given to `/status` must be that transaction, not any swap that paid the recipient. Absent on
   * records kept before it existed.
   */
  txDataDigest: z.string().optional(),
  /** CoW: the order's `validTo:sellAmount:buyAmount`, which the posted order must carry. */
  orderTerms: z.string().optional(),
  /** CoW: the chain's order book (`https://api.cow.fi/mainnet`), where the order is followed. */
  orderBookUrl: z.string().optional(),
  depositAddress: z.string().optional(),
  memo: z.string().optional(),
  /** The venue's own name of the bridge or exchange (LI.FI `tool`), passed back when following it. */
  tool: z.string().optional(),
  /** Epoch milliseconds the quote was issued. */
  issuedAt: z.number().int().nonnegative(),
  /** The quote's partner id, as it carried it; absent without one. */
  partner: z.string().optional(),
})
export type TrackingRecord = z.infer<typeof TrackingRecordSchema>

/**
 * The tracking record of a quote that was just answered. Plain field copies, no I/O: it runs on the
 * quote's path, after the answer is built.
 */
export function toTrackingRecord({
  quote,
  venueQuote,
  request,
  issuedAt,
}: {
  quote: Quote
  venueQuote: VenueQuote
  request: VenueRequest
  issuedAt: number
}): TrackingRecord {
  const route = venueQuote.order ? 'order' : venueQuote.tx ? 'tx' : 'deposit'
  const refundAddress = venueQuote.memo ? readMemoRefundAddress(venueQuote.memo) : undefined
  return {
    v: 1,
    quoteId: quote.quoteId ?? '',
    provider: venueQuote.provider,
    sellChain: request.sellChain.symbol,
    buyChain: request.buyChain.symbol,
    sellToken: toTrackedToken(request.sellToken),
    buyToken: toTrackedToken(request.buyToken),
    sender: request.sender,
    recipient: request.recipient,
    ...(refundAddress === undefined ? {} : { refundAddress }),
    minBuyAmount: (venueQuote.minBuyAmount && venueQuote.minBuyAmount > 0n
      ? venueQuote.minBuyAmount
      : 1n
    ).toString(),
    route,
    ...(venueQuote.tx
      ? { txTo: venueQuote.tx.to, txDataDigest: calldataDigest(venueQuote.tx.data ?? '0x') }
      : {}),
    ...(venueQuote.order
      ? {
          orderTerms: cowOrderTerms(venueQuote.order.body),
          orderBookUrl: venueQuote.order.postUrl.replace(/\/api\/v1\/orders$/, ''),
        }
      : {}),
    ...(venueQuote.depositAddress === undefined ? {} : { depositAddress: venueQuote.depositAddress }),
    ...(venueQuote.memo === undefined ? {} : { memo: venueQuote.memo }),
    ...(venueQuote.tool === undefined ? {} : { tool: venueQuote.tool }),
    issuedAt,
    ...(request.partner === undefined ? {} : { partner: request.partner }),
  }
}

function toTrackedToken(token: QuoteToken): TrackedToken {
  return {
    symbol: token.symbol,
    decimals: token.decimals,
    ...(token.kind === 'erc20' && token.contract ? { address: token.contract } : {}),
  }
}

/**
 * A THORChain swap memo's own refund address (`=:ASSET:DEST/REFUND:LIMIT…`, THORNode MR 3151), if it
 * names one; otherwise refunds go to the sender.
 */
export function readMemoRefundAddress(memo: string): string | undefined {
  const destination = memo.split(':')[2]
  const refund = destination?.split('/')[1]
  return refund ? refund : undefined
}

/** Where a venue's refund goes on the sell chain. */
export function refundAddressOf(record: TrackingRecord): string {
  return record.refundAddress ?? record.sender
}

/** The digest `/status` compares a transaction's calldata with: SHA-256 of its lowercase hex. */
export function calldataDigest(data: string): string {
  return createHash('sha256').update(data.toLowerCase()).digest('base64url')
}

/** A CoW order's terms as `/status` compares them: `validTo:sellAmount:buyAmount`. */
export function cowOrderTerms(order: {
  validTo?: unknown
  sellAmount?: unknown
  buyAmount?: unknown
}): string {
  return `${String(order.validTo)}:${String(order.sellAmount)}:${String(order.buyAmount)}`
}
