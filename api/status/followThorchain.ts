import { z } from 'zod'
import { findChain, SwapError } from '../../shared'
import { fetchVenueJson } from '../venues/common/fetchVenueJson'
import { upstreamError } from '../venues/common/venueErrors'
import { findThorchainInbound } from './findThorchainInbound'
import {
  deliveryFinding,
  floorOf,
  judgeDelivery,
  refundFinding,
  type Follow,
  type FollowContext,
  type StatusFinding,
} from './statusFinding'
import { refundAddressOf, type TrackedToken } from './trackingRecord'

const amount = z.string().regex(/^[0-9]{1,40}$/)
const CoinSchema = z.object({ asset: z.string(), amount })
const TxSchema = z.object({
  id: z.string().optional(),
  chain: z.string().optional(),
  from_address: z.string().optional(),
  to_address: z.string().optional(),
  coins: z.array(CoinSchema).optional(),
  memo: z.string().optional(),
})
const completed = z.object({ completed: z.boolean().optional() })

/**
 * THORNode's `GET /thorchain/tx/status/{hash}` (THORNode openapi `TxStatusResponse`: `tx`,
 * `planned_out_txs`, `out_txs` and `stages` inbound_observed, inbound_confirmation_counted,
 * inbound_finalised, swap_status, swap_finalised, outbound_delay, outbound_signed), the fields we read.
 * Amounts are THORChain's 1e8 units.
 */
export const ThornodeTxStatusSchema = z.object({
  tx: TxSchema.optional(),
  planned_out_txs: z
    .array(
      z.object({
        chain: z.string(),
        to_address: z.string(),
        coin: CoinSchema,
        refund: z.boolean().optional(),
      }),
    )
    .nullish(),
  out_txs: z.array(TxSchema).nullish(),
  stages: z.object({
    inbound_observed: z
      .object({
        started: z.boolean().optional(),
        pre_confirmation_count: z.number().optional(),
        final_count: z.number().optional(),
        completed: z.boolean().optional(),
      })
      .optional(),
    inbound_confirmation_counted: z
      .object({ remaining_confirmation_seconds: z.number().optional(), completed: z.boolean().optional() })
      .optional(),
    inbound_finalised: completed.optional(),
    swap_status: z
      .object({
        pending: z.boolean().optional(),
        streaming: z.object({ interval: z.number(), quantity: z.number(), count: z.number() }).optional(),
      })
      .optional(),
    swap_finalised: completed.optional(),
    outbound_delay: z
      .object({ remaining_delay_seconds: z.number().optional(), completed: z.boolean().optional() })
      .optional(),
    outbound_signed: completed.optional(),
  }),
})
export type ThornodeTxStatus = z.infer<typeof ThornodeTxStatusSchema>

/**
 * A THORChain memo route (provider `thorchain`: an EVM router deposit, or a deposit with a memo from
 * a UTXO or Cosmos chain), followed through THORNode's `/thorchain/tx/status/{hash}`. An EVM source
 * is read on its chain first (reverted: `failed`, THORChain never sees it). A deposit route given
 * without a hash is found through Midgard by the sender's address and the quote's memo
 * (`findThorchainInbound`). Stages map to `pending` (not observed, or confirmations still counted on
 * the source chain), `inFlight` (finalised, swapping, payout scheduled or signed but not seen), then
 * the outbound: `OUT:` to the recipient on the buy chain is `delivered` once, on an EVM chain, its
 * receipt shows at least `minBuyAmount` of the buy token reaching the recipient (on a UTXO or Cosmos
 * chain, which this service does not read, as THORNode states its coins); `REFUND:` is `refunded`.
 */
export const followThorchain: Follow = async (context) => {
  const { record } = context
  let hash = context.hash
  let sourceConfirmed = false
  const sellEvm = findChain(record.sellChain)?.type === 'evm'
  if (hash === undefined && record.route !== 'deposit') {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'hash is required for this quote' })
  }
  if (hash !== undefined && sellEvm && context.reader.has(record.sellChain)) {
    const sourceTx = { chain: record.sellChain, hash }
    const receipt = await context.reader.receipt(record.sellChain, hash, context.signal)
    if (!receipt)
      return {
        state: 'pending',
        sourceTx,
        reason: `The transaction is not mined on ${record.sellChain} yet.`,
      }
    if (receipt.status !== 'success') {
      return {
        state: 'failed',
        sourceTx,
        reason: `The transaction reverted on ${record.sellChain}: nothing was deposited, only its gas was spent.`,
      }
    }
    sourceConfirmed = true
  }
  let discovered = false
  if (hash === undefined) {
    const inbound = await findThorchainInbound(context)
    if (!inbound) {
      return {
        state: 'pending',
        reason: `No deposit to ${record.depositAddress ?? 'the vault'} with this quote's memo from ${record.sender} is known to THORChain yet. A deposit sent from another address is found by its transaction hash (\`hash\`).`,
      }
    }
    hash = inbound
    discovered = true
  }

  const sourceTx = { chain: record.sellChain, hash }
  const response = await fetchVenueJson({
    venueName: 'THORNode',
    fetch: context.fetch,
    url: `${context.endpoints.thornodeUrl.replace(/\/+$/, '')}/thorchain/tx/status/${toThorTxId(hash)}`,
    signal: context.signal,
  })
  let status: ThornodeTxStatus
  if (response.status === 404) {
    status = { stages: {} }
  } else if (response.status !== 200) {
    throw upstreamError('THORNode', `tx status answered HTTP ${response.status}`)
  } else {
    const parsed = ThornodeTxStatusSchema.safeParse(response.body)
    if (!parsed.success)
      throw upstreamError('THORNode', 'answered a tx status of an unexpected shape', parsed.error)
    status = parsed.data
  }

  const inbound = status.tx
  const foreign =
    (inbound?.memo !== undefined &&
      record.memo !== undefined &&
      inbound.memo.trim() !== record.memo.trim()) ||
    (record.route === 'deposit' &&
      inbound?.to_address !== undefined &&
      record.depositAddress !== undefined &&
      inbound.to_address.toLowerCase() !== record.depositAddress.toLowerCase())
  if (foreign) {
    if (discovered)
      return {
        state: 'pending',
        reason: "THORChain knows no deposit matching this quote's memo and vault yet.",
      }
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: "hash is not this quote's deposit (another memo or vault)",
    })
  }
  return readStages(context, status, sourceTx, sourceConfirmed || discovered)
}

async function readStages(
  context: FollowContext,
  status: ThornodeTxStatus,
  sourceTx: { chain: string; hash: string },
  sourceConfirmed: boolean,
): Promise<StatusFinding> {
  const { record } = context
  const { stages } = status
  const outs = status.out_txs ?? []
  const planned = status.planned_out_txs ?? []
  const buyCode = thorCode(record.buyChain)

  const refund = outs.find((out) => (out.memo ?? '').toUpperCase().startsWith('REFUND:'))
  if (refund?.id) return thorchainRefund(context, refund, sourceTx)
  const payout = outs.find(
    (out) =>
      (out.memo ?? '').toUpperCase().startsWith('OUT:') && (out.chain === undefined || out.chain === buyCode),
  )
  if (payout?.id) return thorchainPayout(context, payout, sourceTx)

  if (planned.some((out) => out.refund)) {
    return {
      state: 'inFlight',
      sourceTx,
      reason: `THORChain is refunding the deposit on ${record.sellChain}.`,
    }
  }
  if (planned.length > 0 || stages.swap_finalised?.completed) {
    const delay =
      stages.outbound_delay?.completed === false ? stages.outbound_delay.remaining_delay_seconds : undefined
    return {
      state: 'inFlight',
      sourceTx,
      reason: `THORChain swapped the deposit and schedules the payout on ${record.buyChain}${delay ? ` (in about ${delay} s)` : ''}.`,
    }
  }
  if (stages.swap_status?.pending) {
    const streaming = stages.swap_status.streaming
    return {
      state: 'inFlight',
      sourceTx,
      reason:
        streaming && streaming.quantity > 1
          ? `THORChain is swapping in ${streaming.quantity} parts (${streaming.count} done).`
          : 'THORChain is swapping the deposit.',
    }
  }
  if (stages.inbound_finalised?.completed) {
    return { state: 'inFlight', sourceTx, reason: 'THORChain has the deposit; the swap follows.' }
  }
  const observed =
    stages.inbound_observed?.completed === true ||
    stages.inbound_observed?.started === true ||
    (stages.inbound_observed?.pre_confirmation_count ?? 0) > 0 ||
    (stages.inbound_observed?.final_count ?? 0) > 0
  if (observed) {
    const left = stages.inbound_confirmation_counted?.remaining_confirmation_seconds
    return {
      state: sourceConfirmed ? 'inFlight' : 'pending',
      sourceTx,
      reason: `THORChain has seen the deposit and waits for its confirmations on ${record.sellChain}${left ? ` (about ${left} s)` : ''}.`,
    }
  }
  return sourceConfirmed
    ? {
        state: 'inFlight',
        sourceTx,
        reason: `The deposit is confirmed on ${record.sellChain}; THORChain has not observed it yet.`,
      }
    : { state: 'pending', sourceTx, reason: 'THORChain has not seen this deposit yet.' }
}

async function thorchainPayout(
  context: FollowContext,
  payout: z.infer<typeof TxSchema>,
  sourceTx: { chain: string; hash: string },
): Promise<StatusFinding> {
  const { record } = context
  const buyToken = record.buyToken
  const floor = floorOf(record)
  const destinationTx = { chain: record.buyChain, hash: formatHash(record.buyChain, payout.id!) }
  const verdict = await judgeDelivery({
    context,
    chain: record.buyChain,
    hash: payout.id!,
    token: buyToken,
    to: record.recipient,
    floor,
  })
  const stated = statedAmount(payout.coins, buyToken)
  return deliveryFinding({
    verdict,
    stated: statedAmount(payout.coins, buyToken),
    floor,
    token: buyToken,
    sourceTx,
    destinationTx,
    words: {
      statedShort: (stated, minimum) =>
        `THORNode states a payout of ${stated}, less than the minimum of ${minimum}.`,
      statedOnly: (why) =>
        findChain(record.buyChain)?.type === 'evm' && why === 'unmeasured'
          ? 'Paid out as THORNode states it: the payout succeeded, but this node cannot show the native amount received.'
          : `Paid out as THORNode states it: this service does not read ${record.buyChain} itself.`,
      unconfirmed: () => `THORChain signed the payout; it is not confirmed on ${record.buyChain} yet.`,
      short: (paid, minimum) =>
        `The payout transaction paid the recipient ${paid}, less than the minimum of ${minimum}.`,
    },
  })
}

async function thorchainRefund(
  context: FollowContext,
  refund: z.infer<typeof TxSchema>,
  sourceTx: { chain: string; hash: string },
): Promise<StatusFinding> {
  const { record } = context
  const destinationTx = { chain: record.sellChain, hash: formatHash(record.sellChain, refund.id!) }
  const verdict = await judgeDelivery({
    context,
    chain: record.sellChain,
    hash: refund.id!,
    token: record.sellToken,
    to: refundAddressOf(record),
    floor: 1n,
  })
  return refundFinding({
    verdict,
    stated: statedAmount(refund.coins, record.sellToken),
    token: record.sellToken,
    sourceTx,
    destinationTx,
    reason: `THORChain refunded the deposit to ${refundAddressOf(record)}, less its outbound fee.`,
    unconfirmed: `THORChain signed a refund; it is not confirmed on ${record.sellChain} yet.`,
  })
}

/** The amount of the one coin THORNode states, in the token's own base units (THORNode writes 1e8). */
function statedAmount(
  coins: readonly { asset: string; amount: string }[] | undefined,
  token: TrackedToken,
): bigint | undefined {
  const coin = coins?.[0]
  if (!coin) return undefined
  const value = BigInt(coin.amount)
  return token.decimals >= 8
    ? value * 10n ** BigInt(token.decimals - 8)
    : value / 10n ** BigInt(8 - token.decimals)
}

/** A hash as THORNode takes it: upper-case hex without `0x` (its EVM ids are written so too). */
export function toThorTxId(hash: string): string {
  return hash.replace(/^0x/i, '').toUpperCase()
}

/** A THORNode id written as its chain writes hashes: `0x…` lower case on EVM chains, as is elsewhere. */
function formatHash(chain: string, id: string): string {
  return findChain(chain)?.type === 'evm' ? `0x${id.replace(/^0x/i, '').toLowerCase()}` : id
}

/**
 * THORNode's code for each chain THORChain serves, the registry's symbol on each (THORNode's
 * `common/chain.go`). Kept here, its one reader, rather than in the chain registry the widget loads.
 */
const thorchainCodes: ReadonlySet<string> = new Set([
  'ETH',
  'BTC',
  'BASE',
  'BSC',
  'AVAX',
  'BCH',
  'LTC',
  'DOGE',
  'GAIA',
  'THOR',
])

function thorCode(symbol: string): string | undefined {
  return thorchainCodes.has(symbol) ? symbol : undefined
}
