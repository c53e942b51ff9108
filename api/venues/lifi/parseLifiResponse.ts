import { checksumAddress } from '../common/checksumAddress'
import { z } from 'zod'
import type { VenueQuote, VenueRequest } from '../venue'
import { estimateGasInBuyToken } from '../common/estimateGasInBuyToken'
import { toBigInt, toHexQuantity } from '../common/toHexQuantity'
import { upstreamError } from '../common/venueErrors'
import { describeVenueFees } from '../../fees/describeVenueFees'
import { withLifiFeeAmount } from '../../fees/planLifiFees'
import { isNativePlaceholder } from '../common/nativePlaceholders'
import { parseUsdPrice } from '../common/parseUsdPrice'
import type { LifiQuery } from './buildLifiQuery'

const integer = z.string().regex(/^[0-9]+$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const quantity = z.union([z.string().regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/), z.number().int().nonnegative()])

/**
 * The fields of a LI.FI `/v1/quote` step the adapter relies on; everything else passes leniently (and
 * is left out of the parsed value, which nothing reads: copying it cost more than the checks).
 */
export const LifiQuoteResponseSchema = z.object({
  id: z.string().optional(),
  tool: z.string().optional(),
  action: z.object({
    fromAmount: integer,
    fromChainId: z.number(),
    toChainId: z.number(),
    // @lifi/types `Token.priceUSD`: the token's USD price as LI.FI states it (a decimal string, "0"
    // when LI.FI has none); `estimate.fromAmountUSD`/`toAmountUSD` are these prices times the amounts.
    fromToken: z.object({ priceUSD: z.unknown().optional() }).optional(),
    toToken: z.object({ priceUSD: z.unknown().optional() }).optional(),
  }),
  estimate: z.object({
    fromAmount: integer.optional(),
    toAmount: integer,
    toAmountMin: integer,
    approvalAddress: address.optional(),
    // @lifi/types `Estimate.executionDuration`: seconds LI.FI expects the route to take.
    executionDuration: z.number().optional(),
    gasCosts: z
      // @lifi/types `GasCost.token.priceUSD`: the gas token's USD price, as for the sides' tokens.
      .array(
        z.object({
          amount: integer,
          token: z.object({ address: z.string(), priceUSD: z.unknown().optional() }).optional(),
        }),
      )
      .optional(),
    // @lifi/types `FeeCost`: `included` false means paid on top of `fromAmount` (in the native coin,
    // through the transaction's `value`), not taken out of `toAmount`; `feeSplit` marks the integrator fee.
    feeCosts: z
      .array(
        z.object({
          amount: integer,
          included: z.boolean().optional(),
          token: z.object({ address: z.string() }).optional(),
          feeSplit: z.object({ lifiFee: integer, integratorFee: integer }).optional(),
        }),
      )
      .optional(),
  }),
  transactionRequest: z.object({
    to: address,
    data: z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/),
    value: quantity.optional(),
    gasLimit: quantity.optional(),
    chainId: z.number().int().positive(),
  }),
})

/**
 * Turns LI.FI's quote step into a `VenueQuote`. `toAmount` is already net of every included fee (ours
 * too), so it is the net output; `toAmountMin` is the floor. `transactionRequest` quantities are hex
 * at LI.FI and stay hex; the calldata is kept verbatim. The approval goes to `estimate.approvalAddress`
 * (not always the Diamond) for exactly the amount sent. Gas in `gasCosts` is paid on top, in the native
 * coin, and counted against the output where it converts.
 */
export function parseLifiResponse({
  body,
  request,
  query,
}: {
  body: unknown
  request: VenueRequest
  query: LifiQuery
}): VenueQuote {
  const parsed = LifiQuoteResponseSchema.safeParse(body)
  if (!parsed.success) throw upstreamError('LI.FI', 'answered a quote of an unexpected shape', parsed.error)
  const { action, estimate, transactionRequest, tool } = parsed.data
  const chainId = request.sellChain.chainId as number
  if (transactionRequest.chainId !== chainId || action.fromChainId !== chainId) {
    throw upstreamError(
      'LI.FI',
      `built a transaction for chain ${transactionRequest.chainId}, not ${chainId}`,
    )
  }
  if (BigInt(action.fromAmount) !== request.sellAmount) {
    throw upstreamError('LI.FI', 'quoted another sell amount than asked')
  }
  const buyAmount = BigInt(estimate.toAmount)
  const minBuyAmount = BigInt(estimate.toAmountMin)
  if (request.sellToken.kind === 'erc20' && !estimate.approvalAddress) {
    throw upstreamError('LI.FI', 'named no approval address for an ERC-20 sell')
  }
  const gasWei = (estimate.gasCosts ?? []).reduce((sum, cost) => sum + BigInt(cost.amount), 0n)
  const onTop = sumFeesPaidOnTop({ feeCosts: estimate.feeCosts ?? [], request, buyAmount })
  // Gas and fees paid on top both cost the user beyond `toAmount`; unconvertible ones stay unranked, as gas does.
  const costWei = gasWei + onTop.nativeWei
  const sellPriceE18 = parseUsdPrice(action.fromToken?.priceUSD)
  const buyPriceE18 = parseUsdPrice(action.toToken?.priceUSD)
  const nativePriceE18 = parseUsdPrice(estimate.gasCosts?.[0]?.token?.priceUSD)
  // LI.FI's own prices, where the service's price book does not know them yet.
  const rate =
    nativePriceE18 !== undefined && buyPriceE18 !== undefined ? { nativePriceE18, buyPriceE18 } : undefined
  const gasInBuyToken =
    costWei > 0n ? estimateGasInBuyToken({ request, gasWei: costWei, buyAmount, rate }) : undefined
  const gasCostInBuyToken =
    gasInBuyToken === undefined && onTop.inBuyToken === 0n
      ? undefined
      : (gasInBuyToken ?? 0n) + onTop.inBuyToken
  const integratorFee = estimate.feeCosts?.find((cost) => cost.feeSplit !== undefined)
  const fees = describeVenueFees({
    legs: withLifiFeeAmount(
      query.feePlan,
      integratorFee && {
        amount: BigInt(integratorFee.amount),
        ...(integratorFee.feeSplit && {
          feeSplit: {
            lifiFee: BigInt(integratorFee.feeSplit.lifiFee),
            integratorFee: BigInt(integratorFee.feeSplit.integratorFee),
          },
        }),
      },
    ),
    requestedBps: request.partnerFeeBps,
    mechanism: "LI.FI's integrator fee (one fee wallet per integrator)",
    shareKeeper: 'LI.FI',
    shortfall: query.feePlan.shortfall,
  })
  const value = transactionRequest.value === undefined ? undefined : toBigInt(transactionRequest.value)

  return {
    provider: 'lifi',
    ...(tool && tool.length <= 64 ? { tool } : {}),
    sellAmount: request.sellAmount,
    buyAmount,
    minBuyAmount: minBuyAmount <= buyAmount ? minBuyAmount : buyAmount,
    netBuyAmount: buyAmount,
    ...(gasCostInBuyToken === undefined ? {} : { gasCostInBuyToken }),
    // No price to convert it at yet: the race converts it at another venue's (`rankAtRaceRate`).
    ...(gasInBuyToken === undefined && costWei > 0n && { unpricedGasWei: costWei }),
    ...(estimate.executionDuration! > 0 && { estimatedSeconds: Math.ceil(estimate.executionDuration!) }),
    ...((sellPriceE18 !== undefined || buyPriceE18 !== undefined || nativePriceE18 !== undefined) && {
      usdPrices: {
        ...(sellPriceE18 !== undefined && { sellPriceE18 }),
        ...(buyPriceE18 !== undefined && { buyPriceE18 }),
        ...(nativePriceE18 !== undefined && { nativePriceE18 }),
      },
    }),
    tx: {
      chainId,
      to: checksumAddress(transactionRequest.to),
      data: transactionRequest.data,
      ...(value === undefined ? {} : { value: toHexQuantity(value) }),
      ...(transactionRequest.gasLimit === undefined
        ? {}
        : { gasLimit: toHexQuantity(transactionRequest.gasLimit) }),
    },
    ...(request.sellToken.kind === 'erc20' && estimate.approvalAddress
      ? {
          approval: {
            chainId,
            token: request.sellToken.contract as string,
            spender: checksumAddress(estimate.approvalAddress),
            amountWei: request.sellAmount.toString(),
          },
        }
      : {}),
    ...fees,
  }
}

/**
 * Fees LI.FI marks `included: false`: paid on top of the sell amount, so `toAmount` does not show them.
 * Native-coin ones (the zero address or `0xEeee…`) are returned in wei, to convert like gas; sell-token
 * ones convert through the quote's own rate, rounded up (a cost).
 */
function sumFeesPaidOnTop({
  feeCosts,
  request,
  buyAmount,
}: {
  feeCosts: readonly {
    amount: string
    included?: boolean | undefined
    token?: { address: string } | undefined
  }[]
  request: VenueRequest
  buyAmount: bigint
}): { nativeWei: bigint; inBuyToken: bigint } {
  let nativeWei = 0n
  let inSellToken = 0n
  for (const cost of feeCosts) {
    if (cost.included !== false) continue
    const address = (cost.token?.address ?? '').toLowerCase()
    if (isNativePlaceholder(address)) nativeWei += BigInt(cost.amount)
    else if (request.sellToken.contract && address === request.sellToken.contract.toLowerCase())
      inSellToken += BigInt(cost.amount)
  }
  const inBuyToken =
    inSellToken > 0n ? (inSellToken * buyAmount + request.sellAmount - 1n) / request.sellAmount : 0n
  return { nativeWei, inBuyToken }
}
