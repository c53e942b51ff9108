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
