import { z } from 'zod'
import { findChain, SwapError } from '../../shared'
import { fetchVenueJson } from '../venues/common/fetchVenueJson'
import { isNativePlaceholder } from '../venues/common/nativePlaceholders'
import { upstreamError } from '../venues/common/venueErrors'
import { sameAddress } from './readDelivery'
import {
  deliveryFinding,
  describeAmount,
  floorOf,
  judgeDelivery,
  refundFinding,
  type Follow,
  type FollowContext,
  type StatusFinding,
} from './statusFinding'
import type { TrackedToken } from './trackingRecord'

const LegSchema = z.object({
  txHash: z.string().optional(),
  chainId: z.number().optional(),
  amount: z
    .string()
    .regex(/^[0-9]+$/)
    .optional(),
  token: z
    .object({ address: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(255) })
    .optional(),
})

/**
 * LI.FI's `GET /v1/status` answer, the fields we read (docs.li.fi, "Check the status of a cross chain
 * transfer" and "Transaction Status Tracking"; `StatusResponse` of @lifi/types 17: `status` NOT_FOUND,
 * INVALID, PENDING, DONE or FAILED, `substatus` such as WAIT_DESTINATION_TRANSACTION, COMPLETED,
 * PARTIAL, REFUNDED, `sending` and `receiving` legs).
 */
export const LifiStatusResponseSchema = z.object({
  status: z.enum(['NOT_FOUND', 'INVALID', 'PENDING', 'DONE', 'FAILED']),
  substatus: z.string().optional(),
  substatusMessage: z.string().optional(),
  tool: z.string().optional(),
  sending: LegSchema.optional(),
  receiving: LegSchema.optional(),
})
export type LifiStatusResponse = z.infer<typeof LifiStatusResponseSchema>

/**
 * A LI.FI bridge route, followed through LI.FI's status API
 * (`GET {LIFI_BASE_URL}/status?txHash=&fromChain=&toChain=&bridge=`, as @lifi/sdk's
 * `waitForTransactionStatus` asks it), then checked on the destination chain wherever the API has a
 * node for it: `DONE`/`COMPLETED` is `delivered` only once the receiving transaction's receipt shows
 * at least `minBuyAmount` of the buy token reaching the recipient. `NOT_FOUND` (also LI.FI's 404
 * code 1003) and `INVALID` are read against the source receipt: reverted is `failed`, not mined
 * `pending`. `PENDING` is `inFlight` (`pending` while it waits for source confirmations), `REFUNDED`
 * is `refunded`, `FAILED` is `failed`, and `PARTIAL` (another token delivered, as Across does when
 * it lacks liquidity) is `failed` with the token that arrived named.
 */
export const followLifi: Follow = async (context) => {
  const { record, hash, endpoints } = context
  if (hash === undefined)
    throw new SwapError({ code: 'BAD_REQUEST', message: 'hash is required for this quote' })
  const fromChain = findChain(record.sellChain)?.chainId
  const toChain = findChain(record.buyChain)?.chainId
  const query = new URLSearchParams({
    txHash: hash,
    ...(fromChain === undefined ? {} : { fromChain: String(fromChain) }),
    ...(toChain === undefined ? {} : { toChain: String(toChain) }),
    ...(record.tool ? { bridge: record.tool } : {}),
  })
  const response = await fetchVenueJson({
    venueName: 'LI.FI',
    fetch: context.fetch,
    url: `${endpoints.lifiBaseUrl.replace(/\/+$/, '')}/status?${query}`,
    headers: endpoints.lifiApiKey ? { 'x-lifi-api-key': endpoints.lifiApiKey } : {},
    signal: context.signal,
  })
  const sourceTx = { chain: record.sellChain, hash }
  // LI.FI has answered an unknown hash both ways: 200 NOT_FOUND, and 404 with code 1003.
  if (response.status === 404 && (response.body as { code?: unknown } | undefined)?.code === 1003) {
    return notSeenByLifi(context, 'LI.FI has not seen this transaction yet.')
  }
  if (response.status !== 200) throw upstreamError('LI.FI', `status answered HTTP ${response.status}`)
  const parsed = LifiStatusResponseSchema.safeParse(response.body)
  if (!parsed.success) throw upstreamError('LI.FI', 'answered a status of an unexpected shape', parsed.error)
  const answer = parsed.data
  const said = answer.substatusMessage ? ` LI.FI: ${answer.substatusMessage}` : ''

  switch (answer.status) {
    case 'NOT_FOUND':
      return notSeenByLifi(context, 'LI.FI has not seen this transaction yet.')
    case 'INVALID':
      return notSeenByLifi(context, 'LI.FI does not recognise this transaction as its transfer (yet).')
    case 'FAILED':
      return { state: 'failed', sourceTx, reason: `The transfer failed.${said}` }
    case 'PENDING':
      if (answer.substatus === 'WAIT_SOURCE_CONFIRMATIONS') {
        return {
          state: 'pending',
          sourceTx,
          reason: 'The bridge waits for confirmations of the source transaction.',
        }
      }
      return {
        state: 'inFlight',
        sourceTx,
        reason:
          answer.substatus === 'REFUND_IN_PROGRESS'
            ? `The bridge is refunding the transfer.${said}`
            : `The funds are on their way to ${record.buyChain}.${said}`,
      }
    case 'DONE':
      if (answer.substatus === 'REFUNDED') return lifiRefund(context, answer)
      return lifiDelivery(context, answer)
  }
}

async function notSeenByLifi(context: FollowContext, reason: string): Promise<StatusFinding> {
  const { record, hash } = context
  const sourceTx = { chain: record.sellChain, hash: hash! }
  if (!context.reader.has(record.sellChain)) return { state: 'pending', sourceTx, reason }
  const receipt = await context.reader.receipt(record.sellChain, hash!, context.signal)
  if (!receipt)
    return { state: 'pending', sourceTx, reason: `The transaction is not mined on ${record.sellChain} yet.` }
  if (receipt.status !== 'success') {
    return {
      state: 'failed',
      sourceTx,
      reason: `The transaction reverted on ${record.sellChain}: nothing was bridged, only its gas was spent.`,
    }
  }
  return {
    state: 'inFlight',
    sourceTx,
    reason: `The transaction is confirmed on ${record.sellChain}. ${reason}`,
  }
}

async function lifiDelivery(context: FollowContext, answer: LifiStatusResponse): Promise<StatusFinding> {
  const { record, hash } = context
  const sourceTx = { chain: record.sellChain, hash: hash! }
  const receiving = answer.receiving
  if (!receiving?.txHash) {
    return {
      state: 'inFlight',
      sourceTx,
      reason: 'LI.FI reports the transfer done but names no receiving transaction yet.',
    }
  }
  const destinationTx = { chain: record.buyChain, hash: receiving.txHash }
  const floor = floorOf(record)
  const buyToken = record.buyToken
  const isBuyToken = receiving.token === undefined || sameToken(receiving.token.address, buyToken)
  const verdict = await judgeDelivery({
    context,
    chain: record.buyChain,
    hash: receiving.txHash,
    token: buyToken,
    to: record.recipient,
    floor,
  })
  const reported = receiving.amount === undefined ? undefined : BigInt(receiving.amount)

  if (answer.substatus === 'PARTIAL' || !isBuyToken) {
    if (verdict.verdict === 'delivered')
      return {
        state: 'delivered',
        sourceTx,
        destinationTx,
        delivered: { amount: verdict.amount, token: buyToken },
      }
    const other: TrackedToken | undefined = receiving.token && {
      symbol: receiving.token.symbol,
      decimals: receiving.token.decimals,
    }
    const what = other && reported !== undefined ? describeAmount(reported, other) : 'another token'
    return {
      state: 'failed',
      sourceTx,
      destinationTx,
      reason: `The bridge delivered ${what} instead of ${buyToken.symbol} (LI.FI: PARTIAL); it is in the recipient's wallet on ${record.buyChain}.`,
    }
  }
  return deliveryFinding({
    verdict,
    stated: reported,
    floor,
    token: buyToken,
    sourceTx,
    destinationTx,
    words: {
      // Only LI.FI's word is there: the chain has no node here, or a native amount cannot be measured on it.
      statedShort: (stated, minimum) =>
        `LI.FI reports ${stated} delivered, less than the minimum of ${minimum}.`,
      statedOnly: (why) =>
        why === 'unreadable'
          ? `Delivery as LI.FI reports it: this deployment has no node for ${record.buyChain} to check it.`
          : `Delivery as LI.FI reports it: its receipt is successful, but this node cannot show the native amount received.`,
      unconfirmed: (why) =>
        why === 'unmined'
          ? `LI.FI reports the delivery; its transaction is not visible on ${record.buyChain} yet.`
          : `LI.FI reports the delivery, but its transaction reverted on ${record.buyChain}; the bridge has to deliver again or refund.`,
      short: (paid, minimum) =>
        `LI.FI reports the transfer done, but its transaction paid the recipient ${paid}, less than the minimum of ${minimum}.`,
    },
  })
}

async function lifiRefund(context: FollowContext, answer: LifiStatusResponse): Promise<StatusFinding> {
  const { record, hash } = context
  const sourceTx = { chain: record.sellChain, hash: hash! }
  const receiving = answer.receiving
  if (!receiving?.txHash) {
    return {
      state: 'inFlight',
      sourceTx,
      reason: 'LI.FI reports a refund but names no refund transaction yet.',
    }
  }
  const destinationTx = { chain: record.sellChain, hash: receiving.txHash }
  const reason = answer.substatusMessage
    ? `LI.FI: ${answer.substatusMessage}`
    : 'The bridge refunded the transfer.'
  // The refund is in the token the bridge locked: the sell token, or what it swapped the sell token into.
  if (receiving.token && !sameToken(receiving.token.address, record.sellToken)) {
    const token = { symbol: receiving.token.symbol, decimals: receiving.token.decimals }
    const what =
      receiving.amount === undefined ? token.symbol : describeAmount(BigInt(receiving.amount), token)
    return { state: 'refunded', sourceTx, destinationTx, reason: `${reason} Refunded as ${what}.` }
  }
  const verdict = await judgeDelivery({
    context,
    chain: record.sellChain,
    hash: receiving.txHash,
    token: record.sellToken,
    to: record.sender,
    floor: 1n,
  })
  return refundFinding({
    verdict,
    stated: receiving.amount === undefined ? undefined : BigInt(receiving.amount),
    token: record.sellToken,
    sourceTx,
    destinationTx,
    reason,
    unconfirmed: `LI.FI reports a refund; its transaction is not confirmed on ${record.sellChain} yet.`,
  })
}

/** Whether a LI.FI token address is the quote's token (LI.FI writes the native coin as the zero address). */
function sameToken(address: string, token: TrackedToken): boolean {
  return token.address === undefined
    ? isNativePlaceholder(address.toLowerCase())
    : sameAddress(address, token.address)
}
