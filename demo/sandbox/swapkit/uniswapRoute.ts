import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem'
import { formatAmount } from '../../../shared/amount'
import type { ChainContext } from '../simulators/chainContext'
import { findBestRoute, type Route } from '../simulators/pricing/findBestRoute'
import { NATIVE_PLACEHOLDER } from '../simulators/pricing/nativeToken'
import type { SwapkitAsset } from './swapkitAssets'

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** Prices a same-chain swap on the sandbox's Uniswap V2 pools; wraps and unwraps are not a SwapKit route. */
export async function priceUniswapRoute({
  context,
  sell,
  buy,
  sellAmount,
}: {
  context: ChainContext
  sell: SwapkitAsset
  buy: SwapkitAsset
  sellAmount: bigint
}): Promise<Route | undefined> {
  const route = await findBestRoute({
    context,
    sellToken: sell.contract ?? NATIVE_PLACEHOLDER,
    buyToken: buy.contract ?? NATIVE_PLACEHOLDER,
    amountIn: sellAmount,
  })
  return route && route.path.length > 1 ? route : undefined
}

/** The minimum output at `slippageBps`, rounded down so it never over-promises. */
export function minimumOut(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n
}

/** Route fields for a Uniswap V2 route (no affiliate fee: the plain router has no fee hook). */
export function uniswapRouteFields({
  routeId,
  sell,
  buy,
  sellAmount,
  route,
  slippageBps,
  expiration,
  routerAddress,
}: {
  routeId: string
  sell: SwapkitAsset
  buy: SwapkitAsset
  sellAmount: bigint
  route: Route
  slippageBps: number
  expiration: number
  routerAddress: Address
}) {
  const human = (value: bigint, asset: SwapkitAsset) => formatAmount({ value, decimals: asset.decimals })
  const expectedBuyAmount = human(route.amountOut, buy)
  return {
    routeId,
    providers: ['UNISWAP_V2'],
    sellAsset: sell.identifier,
    sellAmount: human(sellAmount, sell),
    buyAsset: buy.identifier,
    expectedBuyAmount,
    expectedBuyAmountMaxSlippage: human(minimumOut(route.amountOut, slippageBps), buy),
    fees: [],
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
        fees: [],
      },
    ],
    warnings: [],
    meta: {
      tags: [] as string[],
      assets: [],
      ...(sell.contract ? { approvalAddress: routerAddress } : {}),
      affiliateFee: '0',
    },
    nextActions: [{ method: 'POST', url: '/v3/swap', payload: { routeId } }],
  }
}

/** The Uniswap V2 Router02 call for a route, paying `to`. */
export function encodeUniswapSwap({
  sell,
  buy,
  sellAmount,
  amountOutMin,
  path,
  to,
  deadline,
}: {
  sell: SwapkitAsset
  buy: SwapkitAsset
  sellAmount: bigint
  amountOutMin: bigint
  path: Address[]
  to: Address
  deadline: bigint
}): { data: Hex; value: bigint } {
  if (!sell.contract) {
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, to, deadline],
      }),
      value: sellAmount,
    }
  }
  const functionName = buy.contract ? 'swapExactTokensForTokens' : 'swapExactTokensForETH'
  return {
    data: encodeFunctionData({
      abi: routerAbi,
      functionName,
      args: [sellAmount, amountOutMin, path, to, deadline],
    }),
    value: 0n,
  }
}
