import { z } from 'zod'
import { SwapError } from '../../shared'
import { fetchVenueJson } from '../venues/common/fetchVenueJson'
import { NATIVE_EEEE } from '../venues/common/nativePlaceholders'
import { upstreamError } from '../venues/common/venueErrors'
import { sameAddress } from './readDelivery'
import { cowOrderTerms } from './trackingRecord'
import { describeAmount, floorOf, judgeDelivery, type Follow } from './statusFinding'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

/**
 * The fields of CoW's `GET /api/v1/orders/{uid}` we read (cowprotocol/services orderbook openapi.yml
 * `Order`; `OrderStatus` of @cowprotocol/sdk-order-book: presignaturePending, open, fulfilled,
 * cancelled, expired).
 */
export const CowOrderStatusSchema = z.object({
  uid: z.string(),
  owner: address,
  receiver: address.nullish(),
  buyToken: address,
  validTo: z.number().int(),
  sellAmount: z.string(),
  buyAmount: z.string(),
  status: z.enum(['presignaturePending', 'open', 'fulfilled', 'cancelled', 'expired']),
  executedBuyAmount: z
    .string()
    .regex(/^[0-9]+$/)
    .optional(),
})

/** The fields of a CoW `Trade` (`GET /api/v2/trades?orderUid=`, @cowprotocol/sdk-order-book `getTrades`). */
export const CowTradesSchema = z.array(
  z.object({ orderUid: z.string(), txHash: z.string().nullish(), buyAmount: z.string().optional() }),
)

/**
 * A CoW order, followed through its chain's order book: the uid is the hash. `open` (and
 * `presignaturePending`) is `pending`: nothing happens on chain until a solver settles it; `expired`
 * and `cancelled` are `failed` (nothing was spent); `fulfilled` looks up the settlement transaction in
 * `GET /api/v2/trades?orderUid=` (the path the current @cowprotocol/sdk-order-book `getTrades` calls)
 * and is `delivered` once that receipt shows at least the order's signed buy amount (`minBuyAmount`)
 * of the buy token reaching the receiver. An order of another owner or buy token is not this quote's.
 */
export const followCow: Follow = async (context) => {
  const { record, hash } = context
  if (hash === undefined)
    throw new SwapError({ code: 'BAD_REQUEST', message: 'hash (the order uid) is required for this quote' })
  if (!record.orderBookUrl) throw upstreamError('CoW', 'the quote names no order book')
  const sourceTx = { chain: record.sellChain, hash }
  const order = await fetchVenueJson({
    venueName: 'CoW',
    fetch: context.fetch,
    url: `${record.orderBookUrl}/api/v1/orders/${hash}`,
    signal: context.signal,
  })
  if (order.status === 404) {
    return {
      state: 'pending',
      sourceTx,
      reason: 'The order book does not know this order yet: it has not been posted.',
    }
  }
  if (order.status !== 200) throw upstreamError('CoW', `order answered HTTP ${order.status}`)
  const parsed = CowOrderStatusSchema.safeParse(order.body)
  if (!parsed.success) throw upstreamError('CoW', 'answered an order of an unexpected shape', parsed.error)
  const found = parsed.data
  const buyToken = record.buyToken.address ?? NATIVE_EEEE
  if (!sameAddress(found.owner, record.sender) || !sameAddress(found.buyToken, buyToken)) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: "hash is not this quote's order (another owner or buy token)",
    })
  }
  // The same owner's other order (another quote's) carries other terms: not this quote's execution.
  if (record.orderTerms !== undefined && cowOrderTerms(found) !== record.orderTerms) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: "hash is not this quote's order (another amount or validity)",
    })
  }
  const until = new Date(found.validTo * 1000).toISOString()
  switch (found.status) {
    case 'presignaturePending':
      return { state: 'pending', sourceTx, reason: 'The order waits for its on-chain pre-signature.' }
    case 'open':
      return {
        state: 'pending',
        sourceTx,
        reason: `The order waits for a solver to fill it, until ${until}.`,
      }
    case 'expired':
      return {
        state: 'failed',
        sourceTx,
        reason: `The order expired unfilled at ${until}: nothing was spent.`,
      }
    case 'cancelled':
      return { state: 'failed', sourceTx, reason: 'The order was cancelled unfilled: nothing was spent.' }
    case 'fulfilled':
      break
  }

  const trades = await fetchVenueJson({
    venueName: 'CoW',
    fetch: context.fetch,
    url: `${record.orderBookUrl}/api/v2/trades?${new URLSearchParams({ orderUid: hash })}`,
    signal: context.signal,
  })
  if (trades.status !== 200) throw upstreamError('CoW', `trades answered HTTP ${trades.status}`)
  const list = CowTradesSchema.safeParse(trades.body)
  if (!list.success) throw upstreamError('CoW', 'answered trades of an unexpected shape', list.error)
  const settlement = list.data.find((trade) => trade.txHash)?.txHash
  if (!settlement)
    return { state: 'inFlight', sourceTx, reason: 'The order is filled; its settlement is not indexed yet.' }

  const destinationTx = { chain: record.buyChain, hash: settlement }
  const floor = floorOf(record)
  const receiver = found.receiver && !/^0x0{40}$/.test(found.receiver) ? found.receiver : found.owner
  const verdict = await judgeDelivery({
    context,
    chain: record.buyChain,
    hash: settlement,
    token: record.buyToken,
    to: receiver,
    floor,
  })
  const reported = found.executedBuyAmount === undefined ? undefined : BigInt(found.executedBuyAmount)
  switch (verdict.verdict) {
    case 'delivered':
      return {
        state: 'delivered',
        sourceTx,
        destinationTx,
        delivered: { amount: verdict.amount, token: record.buyToken },
      }
    case 'unreadable':
    case 'unmeasured':
      return {
        state: 'delivered',
        sourceTx,
        destinationTx,
        ...(reported === undefined ? {} : { delivered: { amount: reported, token: record.buyToken } }),
        reason:
          verdict.verdict === 'unreadable'
            ? `Filled as the order book reports it: this deployment has no node for ${record.buyChain} to check it.`
            : 'Filled: the settlement succeeded, and the settlement contract enforces the signed minimum; this node cannot show the native amount received.',
      }
    case 'unmined':
    case 'reverted':
      return {
        state: 'inFlight',
        sourceTx,
        destinationTx,
        reason: `The order book reports the order filled; its settlement is not confirmed on ${record.buyChain} yet.`,
      }
    case 'short':
      return {
        state: 'inFlight',
        sourceTx,
        destinationTx,
        reason: `The settlement paid the receiver ${describeAmount(verdict.amount, record.buyToken)}, less than the signed minimum of ${describeAmount(floor, record.buyToken)}.`,
      }
  }
}
