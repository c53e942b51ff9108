import type { StatusTx, SwapState } from '../../shared'
import { findChain, formatAmount } from '../../shared'
import type { VenueFetch } from '../venues/common/venueFetch'
import type { ChainReader } from './createChainReader'
import { readDelivery } from './readDelivery'
import type { TrackedToken, TrackingRecord } from './trackingRecord'

/** Where a swap stands, as one venue's follower found it (amounts still in base units). */
export type StatusFinding = {
  state: SwapState
  sourceTx?: StatusTx
  destinationTx?: StatusTx
  /** What reached the recipient (or, refunded, the refund address), in base units of `token`. */
  delivered?: { amount: bigint; token: TrackedToken }
  reason?: string
}

/** The venues' status APIs, as configured. */
export type StatusEndpoints = {
  /** LI.FI, including `/v1` (`LIFI_BASE_URL`). */
  lifiBaseUrl: string
  lifiApiKey?: string | undefined
  /** A THORNode (`THORNODE_URL`). */
  thornodeUrl: string
  /** A THORChain Midgard (`MIDGARD_URL`). */
  midgardUrl: string
}

/** Everything one follower needs: the quote's record, the hash given, and the I/O. */
export type FollowContext = {
  record: TrackingRecord
  /** The source transaction hash or CoW order uid, as given (validated for its route). */
  hash: string | undefined
  reader: ChainReader
  fetch: VenueFetch
  endpoints: StatusEndpoints
  signal: AbortSignal
}

/** A follower of one kind of route. */
export type Follow = (context: FollowContext) => Promise<StatusFinding>

/** What the chain says a transaction did for the recipient, judged against the quote's floor. */
export type DeliveryVerdict =
  | { verdict: 'delivered'; amount: bigint }
  /** Mined and successful, less than the floor reached the recipient. */
  | { verdict: 'short'; amount: bigint }
  /** Mined and successful; the native amount could not be measured on this node. */
  | { verdict: 'unmeasured' }
  | { verdict: 'unmined' }
  | { verdict: 'reverted' }
  /** The chain is not EVM, or this deployment has no node for it: only the venue's word is there. */
  | { verdict: 'unreadable' }

/**
 * Reads transaction `hash` on `chain` and judges what it paid `to` in `token` against `floor`: the
 * evidence behind `delivered` and `refunded` wherever the chain can be read.
 */
export async function judgeDelivery({
  context,
  chain,
  hash,
  token,
  to,
  floor,
}: {
  context: FollowContext
  chain: string
  hash: string
  token: TrackedToken
  to: string
  floor: bigint
}): Promise<DeliveryVerdict> {
  if (findChain(chain)?.type !== 'evm' || !context.reader.has(chain)) return { verdict: 'unreadable' }
  const delivery = await readDelivery({
    reader: context.reader,
    chain,
    hash: toEvmHash(hash),
    token: token.address,
    to,
    signal: context.signal,
  })
  if (delivery.kind === 'unmined') return { verdict: 'unmined' }
  if (delivery.kind === 'reverted') return { verdict: 'reverted' }
  if (delivery.amount === undefined) return { verdict: 'unmeasured' }
  return delivery.amount >= floor
    ? { verdict: 'delivered', amount: delivery.amount }
    : { verdict: 'short', amount: delivery.amount }
}

/** `0x` and lower case, as JSON-RPC takes a hash (THORNode writes EVM hashes upper case without it). */
export function toEvmHash(hash: string): string {
  return `0x${hash.replace(/^0x/i, '').toLowerCase()}`
}

/** An amount for people: `1.5 USDC`. */
export function describeAmount(amount: bigint, token: TrackedToken): string {
  return `${formatAmount({ value: amount, decimals: token.decimals })} ${token.symbol}`
}

/** The quote's floor in base units. */
export function floorOf(record: TrackingRecord): bigint {
  return BigInt(record.minBuyAmount)
}

/** How one venue words the verdicts it cannot settle from the chain alone. */
export type DeliveryWords = {
  /** Only the venue's word is there, and it states less than the floor (`stated`, `floor` described). */
  statedShort(stated: string, floor: string): string
  /** Delivered as the venue states it: why the chain could not confirm the amount. */
  statedOnly(verdict: 'unreadable' | 'unmeasured'): string
  /** The venue reports the delivery; its transaction is not mined, or reverted. */
  unconfirmed(verdict: 'unmined' | 'reverted'): string
  /** The transaction paid the recipient less than the floor (`paid`, `floor` described). */
  short(paid: string, floor: string): string
}

/**
 * A delivery as the chain's `verdict` and the venue's `stated` amount show it, against the quote's
 * `floor`: `delivered` on the chain's evidence, or on the venue's word where the chain cannot be read
 * (unless that word is below the floor); `inFlight` while the payout is unconfirmed or short.
 */
export function deliveryFinding({
  verdict,
  stated,
  floor,
  token,
  sourceTx,
  destinationTx,
  words,
}: {
  verdict: DeliveryVerdict
  stated: bigint | undefined
  floor: bigint
  token: TrackedToken
  sourceTx: StatusTx
  destinationTx: StatusTx
  words: DeliveryWords
}): StatusFinding {
  const settled = { sourceTx, destinationTx }
  switch (verdict.verdict) {
    case 'delivered':
      return { state: 'delivered', ...settled, delivered: { amount: verdict.amount, token } }
    case 'unreadable':
    case 'unmeasured':
      if (stated !== undefined && stated < floor) {
        return {
          state: 'inFlight',
          ...settled,
          reason: words.statedShort(describeAmount(stated, token), describeAmount(floor, token)),
        }
      }
      return {
        state: 'delivered',
        ...settled,
        ...(stated === undefined ? {} : { delivered: { amount: stated, token } }),
        reason: words.statedOnly(verdict.verdict),
      }
    case 'unmined':
    case 'reverted':
      return { state: 'inFlight', ...settled, reason: words.unconfirmed(verdict.verdict) }
    case 'short':
      return {
        state: 'inFlight',
        ...settled,
        reason: words.short(describeAmount(verdict.amount, token), describeAmount(floor, token)),
      }
  }
}

/**
 * A refund as the chain's `verdict` shows it: `inFlight` until its transaction is confirmed, then
 * `refunded` with the amount the chain measured, else the one the venue `stated`.
 */
export function refundFinding({
  verdict,
  stated,
  token,
  sourceTx,
  destinationTx,
  reason,
  unconfirmed,
}: {
  verdict: DeliveryVerdict
  stated: bigint | undefined
  token: TrackedToken
  sourceTx: StatusTx
  destinationTx: StatusTx
  /** Why the funds went back, for the `refunded` finding. */
  reason: string
  /** The reason while the refund's transaction is not mined or reverted. */
  unconfirmed: string
}): StatusFinding {
  if (verdict.verdict === 'unmined' || verdict.verdict === 'reverted') {
    return { state: 'inFlight', sourceTx, destinationTx, reason: unconfirmed }
  }
  const amount = verdict.verdict === 'delivered' || verdict.verdict === 'short' ? verdict.amount : stated
  return {
    state: 'refunded',
    sourceTx,
    destinationTx,
    ...(amount === undefined || amount === 0n ? {} : { delivered: { amount, token } }),
    reason,
  }
}
