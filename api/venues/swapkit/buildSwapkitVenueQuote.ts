import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, isAddress } from 'viem'
import type { Approval, Tx } from '../../../shared'
import type { VenueNoRoute, VenueQuote, VenueRequest } from '../venue'
import { NATIVE_ZERO } from '../common/nativePlaceholders'
import { toHexQuantity } from '../common/toHexQuantity'
import { upstreamError } from '../common/venueErrors'
import { parseVenueDecimal } from './parseVenueDecimal'
import { readRoutePrices } from './readRoutePrices'
import { readSourceGas } from './readSourceGas'
import { toSwapkitAsset } from './toSwapkitAsset'
import { describeVenueFees } from '../../fees/describeVenueFees'
import {
  SWAPKIT_FEE_REMOVED_WARNING,
  toSwapkitFeeLegs,
  type SwapkitFeePlan,
} from '../../fees/planSwapkitFees'
import { readMemoAffiliates, readOwnAffiliateBps, rewriteMemoAffiliates } from './rewriteMemoAffiliates'
import { SwapkitEvmTxSchema, type SwapkitSwapResponse } from './swapkitSchemas'
import type { SwapkitVenueOptions } from './swapkitVenueOptions'
import { thorchainRouterAbi } from './thorchainRouterAbi'

/** Longest memo a UTXO chain carries (OP_RETURN); THORChain's own limit is 250 bytes. */
const memoLimitBytes = (request: VenueRequest) => (request.sellChain.type === 'utxo' ? 80 : 250)

/**
 * Turns the built route of `/v3/swap` into a `VenueQuote`. A THORChain memo route is reported as
 * provider `thorchain` (its first provider is THORChain's), with the service's own memo affiliates
 * rewritten into its split (every other affiliate kept);
 * from an EVM chain it becomes a `depositWithExpiry` call to the THORChain router carrying that memo
 * (plus an exact approval of the router for a token), otherwise a deposit to the vault with the memo.
 * Any other route is provider `swapkit`: SwapKit's EVM `tx` verbatim, or its deposit address.
 */
export function buildSwapkitVenueQuote({
  swap,
  request,
  options,
  feePlan = { partnerBps: 0 },
}: {
  swap: SwapkitSwapResponse
  request: VenueRequest
  options: SwapkitVenueOptions
  feePlan?: SwapkitFeePlan
}): VenueQuote | VenueNoRoute {
  const buyAmount = parseVenueDecimal(swap.expectedBuyAmount ?? swap.buyAmount, request.buyToken.decimals)
  if (buyAmount === undefined)
    throw upstreamError('Routing provider', 'built a route without an expected output')
  if (buyAmount === 0n) return { noRoute: true, reason: 'routing provider: the output rounds to zero' }
  const floor = parseVenueDecimal(
    swap.expectedBuyAmountMaxSlippage ?? swap.buyAmountMaxSlippage,
    request.buyToken.decimals,
  )
  const expiry = Number(swap.expiration)
  // Unix seconds per the API; a value past 1e11 can only be milliseconds (1e11 s is the year 5138).
  const expiresAtMs =
    Number.isSafeInteger(expiry) && expiry > 0 ? (expiry > 1e11 ? expiry : expiry * 1000) : undefined
  // SwapKit's own SDK picks the plugin that executes a route from its first provider
  // (swapkit/SwapKit packages/core/src/index.ts: `route.providers[0]`): a DEX-then-THORChain route is
  // not a plain THORChain deposit and keeps the provider's own transaction.
  const isThorchain = swap.memo !== undefined && isThorchainRoute(swap.providers)
  const feeRemoved = (swap.warnings ?? []).some((warning) => warning.code === SWAPKIT_FEE_REMOVED_WARNING)
  const fees = (ownBps: number, recipient?: string) =>
    describeVenueFees({
      legs: toSwapkitFeeLegs({ plan: feePlan, ownBps, sellAmount: request.sellAmount, recipient }),
      requestedBps: request.partnerFeeBps,
      mechanism: isThorchain
        ? "the service's THORChain memo affiliate"
        : "the routing provider's affiliate fee",
      shortfall: feeRemoved
        ? 'the routing provider removed the affiliate fee from this route as too small to pay out.'
        : feePlan.shortfall,
    })

  const gasCostInBuyToken = readSourceGas({ fees: swap.fees, request, buyAmount })
  const usdPrices = readRoutePrices({ route: swap, request })
  const common = {
    sellAmount: request.sellAmount,
    buyAmount,
    ...(floor !== undefined ? { minBuyAmount: floor <= buyAmount ? floor : buyAmount } : {}),
    netBuyAmount: buyAmount,
    ...(gasCostInBuyToken === undefined ? {} : { gasCostInBuyToken }),
    ...(expiresAtMs === undefined ? {} : { expiresAtMs }),
    ...(swap.estimatedTime?.total! > 0 && { estimatedSeconds: Math.ceil(swap.estimatedTime!.total!) }),
    ...(usdPrices && { usdPrices }),
  }

  if (isThorchain) {
    const { memo, ownBps } = rewriteForService(swap.memo as string, request, options)
    const memoFees = fees(ownBps, options.serviceAffiliate)
    if (request.sellChain.type === 'evm') {
      return {
        provider: 'thorchain',
        ...common,
        ...buildRouterDeposit(swap, request, memo, options),
        memo,
        ...memoFees,
      }
    }
    const depositAddress = swap.inboundAddress ?? swap.targetAddress
    if (!depositAddress) throw upstreamError('Routing provider', 'built a memo route without a vault address')
    return { provider: 'thorchain', ...common, depositAddress, memo, ...memoFees }
  }

  const routeFees = fees(feeRemoved ? 0 : readAffiliateBps(swap.meta?.affiliateFee))
  if (request.sellChain.type === 'evm') {
    const parsedTx = SwapkitEvmTxSchema.safeParse(swap.tx)
    if (!parsedTx.success) throw upstreamError('Routing provider', 'built an EVM route without a transaction')
    const tx: Tx = {
      chainId: request.sellChain.chainId as number,
      to: getAddress(parsedTx.data.to),
      data: parsedTx.data.data,
      value: toHexQuantity(parsedTx.data.value ?? 0),
      ...((parsedTx.data.gasLimit ?? parsedTx.data.gas)
        ? { gasLimit: toHexQuantity((parsedTx.data.gasLimit ?? parsedTx.data.gas) as string | number) }
        : {}),
    }
    const spender = readApprovalSpender(swap) ?? tx.to
    return {
      provider: 'swapkit',
      ...common,
      tx,
      ...(request.sellToken.kind === 'erc20' ? { approval: exactApproval(request, spender) } : {}),
      ...(swap.memo ? { memo: swap.memo } : {}),
      ...routeFees,
    }
  }
  const depositAddress = swap.targetAddress ?? swap.inboundAddress
  if (!depositAddress) throw upstreamError('Routing provider', 'built a route without a deposit address')
  return {
    provider: 'swapkit',
    ...common,
    depositAddress,
    ...(swap.memo ? { memo: swap.memo } : {}),
    ...routeFees,
  }
}

/**
 * The memo with the service's own affiliate entries split as configured (other affiliates untouched),
 * and the bps that are ours. A split that no longer fits the chain's memo limit or THORChain's five
 * affiliates falls back to the service alone; one that still does not fit leaves the memo as built.
 */
function rewriteForService(memo: string, request: VenueRequest, options: SwapkitVenueOptions) {
  try {
    readMemoAffiliates(memo)
  } catch (error) {
    throw upstreamError('Routing provider', 'built a memo that is not a valid THORChain swap memo', error)
  }
  if (!options.serviceAffiliate) return { memo, ownBps: 0 }
  const limit = memoLimitBytes(request)
  const candidates = [
    {
      serviceAffiliate: options.serviceAffiliate,
      serviceWeight: options.serviceAffiliateWeight,
      coAffiliates: options.coAffiliates,
    },
    // Too long for the chain (a UTXO OP_RETURN holds 80 bytes): the service alone keeps its bps.
    { serviceAffiliate: options.serviceAffiliate },
  ]
  const ownBps = readOwnAffiliateBps(memo, candidates[0]!)
  if (ownBps === 0) return { memo, ownBps: 0 }
  for (const candidate of candidates) {
    let rewritten: string
    try {
      rewritten = rewriteMemoAffiliates(memo, candidate)
    } catch {
      continue
    }
    if (new TextEncoder().encode(rewritten).length <= limit) return { memo: rewritten, ownBps }
  }
  return { memo, ownBps }
}

function buildRouterDeposit(
  swap: SwapkitSwapResponse,
  request: VenueRequest,
  memo: string,
  options: SwapkitVenueOptions,
) {
  const router = swap.targetAddress
  const vault = swap.inboundAddress
  if (!router || !isAddress(router, { strict: false }) || !vault || !isAddress(vault, { strict: false })) {
    throw upstreamError('Routing provider', 'built an EVM memo route without router and vault addresses')
  }
  const stated = Number(swap.expiration)
  const now = (options.now ?? Date.now)()
  // The router reverts once block time passes `expiration`; without a stated one, 15 minutes like THORNode's quotes.
  const expiration = BigInt(
    Number.isSafeInteger(stated) && stated > 0 ? stated : Math.floor(now / 1000) + 900,
  )
  const native = request.sellToken.kind === 'native'
  const asset = native ? NATIVE_ZERO : (request.sellToken.contract as `0x${string}`)
  const tx: Tx = {
    chainId: request.sellChain.chainId as number,
    to: getAddress(router),
    // The amount is in the token's own decimals here, not THORChain's 1e8.
    data: encodeFunctionData({
      abi: thorchainRouterAbi,
      functionName: 'depositWithExpiry',
      args: [getAddress(vault), asset, request.sellAmount, memo, expiration],
    }),
    value: toHexQuantity(native ? request.sellAmount : 0n),
  }
  return { tx, ...(native ? {} : { approval: exactApproval(request, tx.to) }) }
}

function exactApproval(request: VenueRequest, spender: string): Approval {
  return {
    chainId: request.sellChain.chainId as number,
    token: request.sellToken.contract as string,
    spender: getAddress(spender),
    amountWei: request.sellAmount.toString(),
  }
}

function readApprovalSpender(swap: SwapkitSwapResponse): string | undefined {
  const data = swap.approvalTx?.data
  if (data) {
    try {
      const decoded = decodeFunctionData({ abi: erc20Abi, data: data as `0x${string}` })
      if (decoded.functionName === 'approve') return decoded.args[0]
    } catch {
      // Not an approve call: fall back to the approval address SwapKit names.
    }
  }
  const named = swap.meta?.approvalAddress
  return named && isAddress(named, { strict: false }) ? named : undefined
}

function readAffiliateBps(value: unknown): number {
  const bps = typeof value === 'string' ? Number(value) : value
  return typeof bps === 'number' && Number.isInteger(bps) && bps >= 0 && bps <= 1000 ? bps : 0
}

/**
 * Whether SwapKit's route runs through THORChain (its first provider is THORCHAIN or
 * THORCHAIN_STREAMING): such a route, built with its memo, is quoted as provider `thorchain`.
 */
export function isThorchainRoute(providers: readonly string[]): boolean {
  return (providers[0] ?? '').startsWith('THORCHAIN')
}
