import type { Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { uniswapV2Abi } from './abis'
import { isNativePlaceholder } from './nativeToken'
import { sameAddress } from './sameAddress'

/** A priced Uniswap V2 path. `path` uses the wrapped native for native legs, as the router does. */
export type Route = {
  path: Address[]
  /** `getAmountsOut(amountIn, path)`: one amount per token of `path`. */
  amounts: bigint[]
  amountOut: bigint
}

export type FindBestRouteParameters = {
  context: ChainContext
  /** Token addresses; the native placeholder `0xEeee…` stands for the native coin. */
  sellToken: Address
  buyToken: Address
  amountIn: bigint
}

/**
 * Prices an exact-in swap on the sandbox's Uniswap V2 pools with the router's `getAmountsOut`:
 * the direct pair and the hop through the wrapped native are both tried and the larger output wins.
 * Native ⇄ wrapped native is a 1:1 wrap (a one-token path). Returns `undefined` when no pool path
 * exists or the output rounds to zero.
 *
 * @example
 * const route = await findBestRoute({ context, sellToken: NATIVE_PLACEHOLDER, buyToken: usdc, amountIn: 10n ** 18n })
 */
export async function findBestRoute({
  context,
  sellToken,
  buyToken,
  amountIn,
}: FindBestRouteParameters): Promise<Route | undefined> {
  const wrapped = context.wrappedNative
  const from = isNativePlaceholder(sellToken) ? wrapped : sellToken
  const to = isNativePlaceholder(buyToken) ? wrapped : buyToken
  if (amountIn <= 0n) return undefined
  if (sameAddress(from, to)) {
    // Only a wrap or an unwrap is a one-token route; the same token on both sides is no trade.
    return isNativePlaceholder(sellToken) !== isNativePlaceholder(buyToken)
      ? { path: [from], amounts: [amountIn], amountOut: amountIn }
      : undefined
  }
  const candidates: Address[][] = [[from, to]]
  if (!sameAddress(from, wrapped) && !sameAddress(to, wrapped)) candidates.push([from, wrapped, to])

  const priced = await Promise.all(candidates.map((path) => priceRoute({ context, path, amountIn })))
  let best: Route | undefined
  for (const route of priced) {
    if (route && route.amountOut > 0n && (!best || route.amountOut > best.amountOut)) best = route
  }
  return best
}

async function priceRoute({
  context,
  path,
  amountIn,
}: {
  context: ChainContext
  path: Address[]
  amountIn: bigint
}): Promise<Route | undefined> {
  // A missing pair makes getAmountsOut revert without a reason; check the factory first.
  for (let index = 0; index + 1 < path.length; index++) {
    const pair = await context.publicClient.readContract({
      address: context.factory,
      abi: uniswapV2Abi,
      functionName: 'getPair',
      args: [path[index]!, path[index + 1]!],
    })
    if (/^0x0{40}$/.test(pair)) return undefined
  }
  try {
    const amounts = await context.publicClient.readContract({
      address: context.router,
      abi: uniswapV2Abi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })
    return { path, amounts: [...amounts], amountOut: amounts[amounts.length - 1] ?? 0n }
  } catch (error) {
    // Empty or drained pools revert (INSUFFICIENT_LIQUIDITY / INSUFFICIENT_INPUT_AMOUNT): no route.
    if (isContractRevert(error)) return undefined
    throw error
  }
}

function isContractRevert(error: unknown): boolean {
  return (
    error instanceof Error && error.name === 'ContractFunctionExecutionError' && /revert/i.test(error.message)
  )
}
