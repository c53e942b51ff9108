import { encodeFunctionData, getAddress } from 'viem'
import type { Tx } from '../../../shared'
import type { VenueRequest } from '../venue'
import { toHexQuantity } from '../common/toHexQuantity'
import { uniswapV2RouterAbi } from './uniswapV2RouterAbi'

export type BuildRouterSwapTxParameters = {
  request: VenueRequest
  routerAddress: `0x${string}`
  /** Token addresses hop by hop, the wrapped native standing for a native leg. */
  path: readonly `0x${string}`[]
  amountOutMin: bigint
  /** Unix seconds. */
  deadline: bigint
}

/**
 * The Router02 call for an exact-in swap: `swapExactETHForTokens` (value = the amount) for a native
 * sell, `swapExactTokensForETH` for a native buy, `swapExactTokensForTokens` otherwise; the output goes
 * to the request's recipient. It states a gas limit with headroom: a wallet's estimate can miss that a
 * pair's first swap in a new block also writes its price accumulators (about 45k gas per pool), and a
 * transaction estimated in one block and mined in the next then runs out of gas. Unused gas is not paid.
 */
export function buildRouterSwapTx({
  request,
  routerAddress,
  path,
  amountOutMin,
  deadline,
}: BuildRouterSwapTxParameters): Tx {
  const to = getAddress(request.recipient)
  const chainId = request.sellChain.chainId as number
  const router = getAddress(routerAddress)
  const gasLimit = toHexQuantity(routerSwapGasLimit(path.length - 1))
  if (request.sellToken.kind === 'native') {
    return {
      chainId,
      to: router,
      gasLimit,
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, to, deadline],
      }),
      value: toHexQuantity(request.sellAmount),
    }
  }
  const functionName =
    request.buyToken.kind === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    chainId,
    to: router,
    data: encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName,
      args: [request.sellAmount, amountOutMin, path, to, deadline],
    }),
    value: '0x0',
    gasLimit,
  }
}

/** A Router02 swap's gas limit by pool hops: about 110k for one hop, with room for the accumulator writes. */
export function routerSwapGasLimit(hops: number): bigint {
  return 150_000n + 100_000n * BigInt(Math.max(1, hops))
}
