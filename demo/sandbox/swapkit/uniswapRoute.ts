import type { Address } from 'viem'
import { formatAmount } from '../../../shared/amount'
import type { ChainContext } from '../simulators/chainContext'
import { priceSettlerOrder, type PricedSettlerOrder } from '../simulators/settler/priceSettlerOrder'
import type { SettlerFee } from '../simulators/settler/encodeSettle'
import { NATIVE_PLACEHOLDER } from '../simulators/pricing/nativeToken'
import type { SwapkitAsset } from './swapkitAssets'

/**
 * Prices a same-chain swap through SwapKit's aggregator (a `SandboxSettler` on the sandbox's Uniswap V2
 * pools), its fees taken from the sell amount first; wraps and unwraps are not a SwapKit route.
 */
export async function priceUniswapRoute({
  context,
  sell,
  buy,
  sellAmount,
  fees,
}: {
  context: ChainContext
  sell: SwapkitAsset
  buy: SwapkitAsset
  sellAmount: bigint
  fees: SettlerFee[]
}): Promise<PricedSettlerOrder | undefined> {
  const priced = await priceSettlerOrder({
    context,
    sellToken: sell.contract ?? NATIVE_PLACEHOLDER,
    buyToken: buy.contract ?? NATIVE_PLACEHOLDER,
    sellAmount,
    fees,
  })
  return priced && priced.route.path.length > 1 ? priced : undefined
}

/** The minimum output at `slippageBps`, rounded down so it never over-promises. */
export function minimumOut(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n
}

/** Route fields for a same-chain route through SwapKit's aggregator. */
export function uniswapRouteFields({
  routeId,
  sell,
  buy,
  sellAmount,
  route,
  slippageBps,
  expiration,
  routerAddress,
  affiliateBps,
  networkFeeWei,
  nativeAsset,
  assets = [],
}: {
  routeId: string
  sell: SwapkitAsset
  buy: SwapkitAsset
  sellAmount: bigint
  route: PricedSettlerOrder
  slippageBps: number
  expiration: number
  /** SwapKit's aggregator contract: the approval spender and the transaction's target. */
  routerAddress: Address
  /** The key's affiliate fee taken in the swap, bps. */
  affiliateBps: number
  /** The gas the user pays on the source chain, in wei of its native coin. */
  networkFeeWei: bigint
  /** The source chain's native asset, SwapKit notation (`ETH.ETH`). */
  nativeAsset: string
  /** `meta.assets`: the USD mid prices of the route's assets (`readAssetPrices`). */
  assets?: { asset: string; price: number; image: string }[]
}) {
  const human = (value: bigint, asset: SwapkitAsset) => formatAmount({ value, decimals: asset.decimals })
  const expectedBuyAmount = human(route.buyAmount, buy)
  // SwapKit lists what the user pays beside the output: `inbound` is the source chain's gas.
  const fees = [
    {
      type: 'inbound',
      amount: formatAmount({ value: networkFeeWei, decimals: 18 }),
      asset: nativeAsset,
      chain: sell.chain,
      protocol: 'UNISWAP_V2',
    },
  ]
  return {
    routeId,
    providers: ['UNISWAP_V2'],
    sellAsset: sell.identifier,
    sellAmount: human(sellAmount, sell),
    buyAsset: buy.identifier,
    expectedBuyAmount,
    expectedBuyAmountMaxSlippage: human(minimumOut(route.buyAmount, slippageBps), buy),
    fees,
    estimatedTime: { total: 12 },
    totalSlippageBps: 0,
    expiration: String(expiration),
    legs: [
      {
        provider: 'UNISWAP_V2',
        sellAsset: sell.identifier,
        sellAmount: human(sellAmount, sell),
        buyAsset: buy.identifier,
        expectedBuyAmount,
        fees,
      },
    ],
    warnings: [],
    meta: {
      tags: [] as string[],
      assets,
      ...(sell.contract ? { approvalAddress: routerAddress } : {}),
      affiliateFee: String(affiliateBps),
    },
    nextActions: [{ method: 'POST', url: '/v3/swap', payload: { routeId } }],
  }
}
