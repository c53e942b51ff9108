import { z } from 'zod'
import { fetchVenueJson } from '../venues/common/fetchVenueJson'
import { upstreamError } from '../venues/common/venueErrors'
import type { FollowContext } from './statusFinding'

const TransactionSchema = z.object({ address: z.string(), txID: z.string() })
const memoOf = z.object({ memo: z.string().optional() }).optional()

/**
 * Midgard's `GET /v2/actions` answer, the fields we read (Midgard openapi `ActionsResponse`: each
 * `Action` has `date` in nanoseconds, `in`/`out` transactions with `address`, `coins` and `txID`,
 * `status` success, pending or failed, `type` swap or refund, and `metadata.swap.memo` or
 * `metadata.refund.memo`).
 */
export const MidgardActionsSchema = z.object({
  actions: z.array(
    z.object({
      date: z.string().optional(),
      type: z.string(),
      status: z.string().optional(),
      in: z.array(TransactionSchema),
      metadata: z.object({ swap: memoOf, refund: memoOf }).optional(),
    }),
  ),
})

/** How far before the quote's issue a deposit is still looked for (clock skew between us and THORChain). */
const LOOKBACK_SECONDS = 600

/**
 * Finds the inbound of a deposit route sent without a hash (a BTC, LTC, … transfer from a wallet the
 * page has none for), as a THORChain integration does: Midgard's actions of the sender's address
 * (`/v2/actions?address=&type=swap,refund&fromTimestamp=`), the swap or refund whose memo is exactly
 * the quote's. THORNode has no lookup by address, and the vault (the deposit address) is shared by
 * every user, so the sender is the key; the vault is then checked against THORNode's record of the
 * inbound. Returns its transaction id, or undefined when THORChain knows none yet. A deposit sent from
 * another address than the quote's `address` is found only by its hash.
 */
export async function findThorchainInbound(context: FollowContext): Promise<string | undefined> {
  const { record } = context
  if (!record.memo) return undefined
  const query = new URLSearchParams({
    address: record.sender,
    type: 'swap,refund',
    fromTimestamp: String(Math.max(0, Math.floor(record.issuedAt / 1000) - LOOKBACK_SECONDS)),
    limit: '50',
  })
  const response = await fetchVenueJson({
    venueName: 'Midgard',
    fetch: context.fetch,
    url: `${context.endpoints.midgardUrl.replace(/\/+$/, '')}/v2/actions?${query}`,
    signal: context.signal,
  })
  if (response.status !== 200) throw upstreamError('Midgard', `actions answered HTTP ${response.status}`)
  const parsed = MidgardActionsSchema.safeParse(response.body)
  if (!parsed.success) throw upstreamError('Midgard', 'answered actions of an unexpected shape', parsed.error)
  const memo = record.memo.trim()
  const sender = record.sender.toLowerCase()
  const match = parsed.data.actions.find(
    (action) =>
      (action.metadata?.swap?.memo ?? action.metadata?.refund?.memo)?.trim() === memo &&
      action.in.some((transaction) => transaction.address.toLowerCase() === sender),
  )
  return match?.in.find((transaction) => transaction.address.toLowerCase() === sender)?.txID || undefined
}
