import { checksumAddress } from '../common/checksumAddress'
import { z } from 'zod'
import type { VenueNoRoute, VenueQuote, VenueRequest } from '../venue'
import { estimateGasInBuyToken } from '../common/estimateGasInBuyToken'
import { toHexQuantity } from '../common/toHexQuantity'
import { upstreamError } from '../common/venueErrors'
import { describeVenueFees } from '../../fees/describeVenueFees'
import { withZeroxFeeAmounts } from '../../fees/planZeroxFees'
import type { ZeroxQuery } from './buildZeroxQuery'

const integer = z.string().regex(/^[0-9]+$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const taxBps = z.union([integer, z.number().int().nonnegative()]).nullish()
// 0x Swap API v2 `tokenMetadata` (docs: "Implement Buy/Sell Tax Support"): best-effort detection of a
// token's buy, sell and transfer tax in bps, each a string or null when unknown.
const tokenTax = z.object({ buyTaxBps: taxBps, sellTaxBps: taxBps, transferTaxBps: taxBps }).nullish()
const fee = z.object({ amount: integer, token: z.string(), type: z.string() }).nullish()

/**
 * The fields of a 0x v2 `/quote` answer the adapter relies on; everything else passes leniently (and
 * is left out of the parsed value, which nothing reads: copying it cost more than the checks).
 */
export const ZeroxQuoteResponseSchema = z.object({
  liquidityAvailable: z.literal(true),
  sellAmount: integer,
  buyAmount: integer,
  minBuyAmount: integer,
  allowanceTarget: address.nullish(),
  issues: z.object({ allowance: z.object({ actual: integer, spender: address }).nullish() }).nullish(),
  fees: z.object({ integratorFee: fee, integratorFees: z.array(fee).nullish() }).nullish(),
  totalNetworkFee: integer.nullish(),
  transaction: z.object({
    to: address,
    data: z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/),
    gas: integer.nullish(),
    gasPrice: integer.nullish(),
    value: integer,
  }),
  zid: z.string().optional(),
  tokenMetadata: z.object({ buyToken: tokenTax, sellToken: tokenTax }).nullish(),
})

/**
 * Turns a 200 answer of 0x's `/quote` into a `VenueQuote`, or "no route" for `liquidityAvailable: false`
 * (0x answers no liquidity with 200). Trap handled here: the answer's `sellAmount` can be smaller than
 * the request (fees taken in the sell token) while the calldata pulls the full amount, so the quote's
 * `sellAmount` and the approval are the requested amount. `transaction.value`/`gas` are decimal at 0x
 * and become hex quantities; the calldata is kept verbatim.
 */
export function parseZeroxResponse({
  body,
  request,
  query,
}: {
  body: unknown
  request: VenueRequest
  query: ZeroxQuery
}): VenueQuote | VenueNoRoute {
  if (isNoLiquidity(body)) {
    return { noRoute: true, reason: '0x: no liquidity for this pair at this size' }
  }
  const parsed = ZeroxQuoteResponseSchema.safeParse(body)
  if (!parsed.success) throw upstreamError('0x', 'answered a quote of an unexpected shape', parsed.error)
  const answer = parsed.data
  const chainId = request.sellChain.chainId as number
  const buyAmount = BigInt(answer.buyAmount)
  const minBuyAmount = BigInt(answer.minBuyAmount)
  const { transaction } = answer
  // Selling a taxed token loses its sell tax or, if larger, its transfer tax on the way into the swap.
  const sellTax = answer.tokenMetadata?.sellToken
  const sellTaxBps = Math.max(Number(sellTax?.sellTaxBps ?? 0), Number(sellTax?.transferTaxBps ?? 0))
  // Buying one loses its buy tax or transfer tax on the way out to the recipient.
  const buyTax = answer.tokenMetadata?.buyToken
  const buyTaxBps = Math.max(Number(buyTax?.buyTaxBps ?? 0), Number(buyTax?.transferTaxBps ?? 0))

  const spender = answer.issues?.allowance?.spender ?? answer.allowanceTarget ?? undefined
  if (request.sellToken.kind === 'erc20' && !spender) {
    throw upstreamError('0x', 'named no allowance target for an ERC-20 sell')
  }
  const gasWei =
    answer.totalNetworkFee != null
      ? BigInt(answer.totalNetworkFee)
      : transaction.gas != null && transaction.gasPrice != null
        ? BigInt(transaction.gas) * BigInt(transaction.gasPrice)
        : undefined
  const gasCostInBuyToken =
    gasWei === undefined ? undefined : estimateGasInBuyToken({ request, gasWei, buyAmount })

  const stated = answer.fees?.integratorFees?.length
    ? answer.fees.integratorFees
    : answer.fees?.integratorFee
      ? [answer.fees.integratorFee]
      : []
  // 0x drops the swap fee on some routes (wraps, for one): then nothing was collected.
  const applied = query.feePlan.recipients.length === 0 || stated.length > 0
  const fees = describeVenueFees({
    legs: applied
      ? withZeroxFeeAmounts(
          query.feePlan,
          stated.map((fee) => (fee ? BigInt(fee.amount) : undefined)),
        )
      : [],
    requestedBps: request.partnerFeeBps,
    mechanism: "0x's swap fee",
    shortfall: applied ? query.feePlan.shortfall : '0x did not apply the swap fee on this route.',
  })

  return {
    provider: '0x',
    sellAmount: request.sellAmount,
    buyAmount,
    minBuyAmount: minBuyAmount <= buyAmount ? minBuyAmount : buyAmount,
    netBuyAmount: buyAmount,
    ...(gasCostInBuyToken === undefined ? {} : { gasCostInBuyToken }),
    // No price to convert it at yet: the race converts it at another venue's (`rankAtRaceRate`).
    ...(gasCostInBuyToken === undefined && gasWei !== undefined && gasWei > 0n && { unpricedGasWei: gasWei }),
    ...(sellTaxBps > 0 && { sellTaxBps: Math.min(sellTaxBps, 10_000) }),
    ...(buyTaxBps > 0 && { buyTaxBps: Math.min(buyTaxBps, 10_000) }),
    tx: {
      chainId,
      to: checksumAddress(transaction.to),
      data: transaction.data,
      value: toHexQuantity(transaction.value),
      ...(transaction.gas != null ? { gasLimit: toHexQuantity(transaction.gas) } : {}),
    },
    ...(request.sellToken.kind === 'erc20' && spender
      ? {
          approval: {
            chainId,
            token: request.sellToken.contract as string,
            spender: checksumAddress(spender),
            amountWei: request.sellAmount.toString(),
          },
        }
      : {}),
    ...fees,
  }
}

// `{ liquidityAvailable: false, … }`. A plain check: a failed schema parse on every priced answer
// built a `ZodError` (with its stack) each time.
function isNoLiquidity(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { liquidityAvailable?: unknown }).liquidityAvailable === false
  )
}
