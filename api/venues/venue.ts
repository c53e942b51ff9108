import { z } from 'zod'
import type { ChainDefinition } from '../../shared'
import { AddressSchema, ApprovalSchema, OrderSchema, TxSchema } from '../../shared'
import type { FeeLeg } from '../fees/feeLeg'
import type { VenueFetch } from './common/venueFetch'

/** A token of a quote request, resolved with everything a venue needs (decimals always known). */
export type QuoteToken = {
  caip: string
  symbol: string
  decimals: number
  kind: 'native' | 'erc20'
  /** Checksummed ERC-20 address; only when `kind` is `erc20`. */
  contract?: `0x${string}`
  wrapsNative?: boolean
  /** `false` for a token outside the curated lists (read from chain); absent for curated ones. */
  verified?: false
  /** For such a token, the listed symbol of this chain it looks like (`findImitatedSymbol`). */
  imitates?: string
}

/**
 * One validated quote request, as every venue receives it. Amounts are base units; nothing here is
 * a wire string any more.
 */
export type VenueRequest = {
  sellChain: ChainDefinition
  buyChain: ChainDefinition
  sellToken: QuoteToken
  buyToken: QuoteToken
  /** Exact base units of the sell token. */
  sellAmount: bigint
  /** Wallet that signs on the sell chain. */
  sender: string
  /** Where the bought asset lands (defaults to `sender` on same-chain quotes). */
  recipient: string
  /** Hub-chain EVM address for steps suggestions. */
  hubAddress?: string
  /** Slippage in percent, 0 < s <= 50; absent means the venue's own floor. */
  slippagePercent?: number
  /** Integrator id, at most 64 characters. */
  partner?: string
  /** Partner fee asked for, already floored and clamped to 0..100 (0 when no `partner`). */
  partnerFeeBps: number
  /**
   * USD mid prices (× 10^18) of the sell chain's native coin and of the buy token or, without it, the
   * sell token, when the service knows them (its price book): how a venue that states its gas only in
   * the native coin has it counted against the output of a token-to-token swap (`estimateGasInBuyToken`).
   */
  gasRate?: { nativePriceE18: bigint; buyPriceE18?: bigint; sellPriceE18?: bigint } | undefined
}

/** What the venue actually does with the partner fee on this route (contract 2.7). */
export const VenuePartnerFeeSchema = z.object({
  collectedBps: z.number().int().min(0).max(100),
  /** Wallet that receives the collected fee (settled off-chain for 0x and LI.FI). */
  recipient: z.optional(AddressSchema),
  /** Plain-language explanation, for example "clamped to 70 bps: CoW caps partner fees at 100 bps". */
  note: z.string().min(1),
})
export type VenuePartnerFee = z.infer<typeof VenuePartnerFeeSchema>

/**
 * A venue's priced answer, with exact amounts in base units. `raceVenues` checks every answer
 * that could win against this schema, so a venue answering garbage simply drops out of the race.
 */
export const VenueQuoteSchema = z
  .object({
    /** The contract's `provider` value: `0x`, `lifi`, `cow`, `thorchain`, `swapkit`, `router`. */
    provider: z.string().regex(/^[a-z0-9]+$/),
    sellAmount: z.bigint().positive(),
    /** Expected output (the contract's `buyAmount`). */
    buyAmount: z.bigint().nonnegative(),
    /** Floor enforced on chain, when the venue states one. */
    minBuyAmount: z.bigint().nonnegative().optional(),
    /** What the recipient gets after every fee, in buy-token base units: the ranking key. */
    netBuyAmount: z.bigint().nonnegative(),
    /**
     * What the user pays beyond the sell amount (gas, and fees charged on top such as LI.FI's
     * `included: false` costs), in buy-token base units where it converts; subtracted when ranking.
     */
    gasCostInBuyToken: z.bigint().nonnegative().optional(),
    /**
     * Gas the sender pays, in wei of the sell chain's native coin, that the venue could not state in
     * the buy token (no USD price known when it answered: `estimateGasInBuyToken`). The race converts it
     * at prices another venue stated in the same race (`rankAtRaceRate`) and ranks again.
     */
    unpricedGasWei: z.bigint().positive().optional(),
    /** How long the venue expects from sending to delivery, seconds, when it states it (bridges, THORChain). */
    estimatedSeconds: z.number().int().positive().optional(),
    /** Epoch milliseconds after which the quote must not be used; default 60 s after issue. */
    expiresAtMs: z.number().int().positive().optional(),
    tx: z.optional(TxSchema),
    approval: z.optional(ApprovalSchema),
    order: z.optional(OrderSchema),
    depositAddress: z.string().min(1).optional(),
    memo: z.string().min(1).optional(),
    /**
     * The venue's own name of the bridge or exchange that carries the route (LI.FI's `tool`), kept with
     * the quote's tracking record so `/status` can name it when following the swap.
     */
    tool: z.string().min(1).max(64).optional(),
    /** The service's own fee on this route, basis points. */
    serviceFeeBps: z.number().int().min(0).max(1_000),
    /** Absent: the route has no partner-fee hook (collected false, 0 bps). */
    partnerFee: VenuePartnerFeeSchema.optional(),
    /**
     * USD mid prices of one whole sell and buy token that the venue states in this answer (dollars
     * × 10^18), when it states them: the basis of price impact and USD values, and of the price book.
     */
    usdPrices: z
      .object({
        sellPriceE18: z.bigint().positive().optional(),
        buyPriceE18: z.bigint().positive().optional(),
        /** The sell chain's native coin (the gas token), when the venue states it (LI.FI's `gasCosts[].token`). */
        nativePriceE18: z.bigint().positive().optional(),
      })
      .optional(),
    /**
     * What the sell amount would buy at the venue's own mid price (its pools' reserves, before their
     * fees and the trade's own impact), buy-token base units, when the venue can say it (the RHD router):
     * the basis of the price impact where no USD price of either token is known.
     */
    midBuyAmount: z.bigint().positive().optional(),
    /**
     * The sell token's tax on transfer or sale, bps, when the venue detected one (0x `tokenMetadata`):
     * the tokens that reach the swap are fewer than the sell amount.
     */
    sellTaxBps: z.number().int().min(0).max(10_000).optional(),
    /** The buy token's tax on transfer or purchase, bps, when the venue detected one: less arrives than `buyAmount`. */
    buyTaxBps: z.number().int().min(0).max(10_000).optional(),
    /** Every fee as it really reaches its receiver (api/fees): who, when, the venue's share, the amount. */
    fees: z.array(z.custom<FeeLeg>((value) => typeof value === 'object' && value !== null)).optional(),
  })
  .refine((quote) => !(quote.tx && quote.order), { message: 'tx and order are mutually exclusive' })
  .refine((quote) => quote.minBuyAmount === undefined || quote.minBuyAmount <= quote.buyAmount, {
    message: 'minBuyAmount exceeds buyAmount',
  })
export type VenueQuote = z.infer<typeof VenueQuoteSchema>

/**
 * A venue's typed "I cannot price this pair at this size right now": an answer, not a failure. With
 * `outpriced`, the venue did price it but stopped before the costly rest (SwapKit's `/v3/swap`, which
 * builds the transaction), because the race already held an answer leaving the recipient more
 * (`VenueContext.leadingOutput`): the race counts it as outranked, not as declined. `output` is what it
 * would have ranked on (expected output less the gas it states), `buyAmount` its expected output, both
 * buy-token base units; `usdPrices`, the prices it stated on the way, are learned like any answer's.
 */
export type VenueNoRoute = {
  noRoute: true
  reason: string
  /** `provider`: the id its built route would have carried (SwapKit's THORChain routes are `thorchain`). */
  outpriced?: { output: bigint; buyAmount: bigint; provider?: string }
  usdPrices?: VenueQuote['usdPrices']
}

/** I/O a venue receives for one request: its own abort signal and the injected `fetch`. */
export type VenueContext = {
  /** Aborted when the race deadline passes or another venue already settled the race. */
  signal: AbortSignal
  /** HTTP to the venue; `globalThis.fetch` fits. */
  fetch: VenueFetch
  /**
   * In a race: what the best answer checked so far leaves the recipient (its ranking output, buy-token
   * base units), or `undefined` while there is none. A venue that prices in two calls may skip the
   * second when its estimate cannot beat this (`VenueNoRoute.outpriced`). Absent outside a race.
   */
  leadingOutput?: () => bigint | undefined
}

/**
 * One trading venue behind the quote race. Adapters throw a `SwapError` for failures they can
 * classify (`UPSTREAM_ERROR` for an outage, `BAD_REQUEST` for input the venue rejects); any other
 * throw counts as an unclassified upstream failure.
 *
 * @example
 * const venue: Venue = {
 *   id: 'router', name: 'RHD direct router',
 *   serves: (request) => request.sellChain.symbol === 'RHD' && request.buyChain.symbol === 'RHD',
 *   quote: async (request, { signal, fetch }) => ({ noRoute: true, reason: 'no pool' }),
 * }
 */
export interface Venue {
  /** The `provider` value of its quotes. */
  readonly id: string
  readonly name: string
  /** Whether this venue takes part in the race for `request` (chains, pair kinds). Must not do I/O. */
  serves(request: VenueRequest): boolean
  quote(request: VenueRequest, context: VenueContext): Promise<VenueQuote | VenueNoRoute>
}

/** True for a venue's "no route" answer. */
export function isVenueNoRoute(value: unknown): value is VenueNoRoute {
  return typeof value === 'object' && value !== null && (value as { noRoute?: unknown }).noRoute === true
}
