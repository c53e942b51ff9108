import { BaseError, ContractFunctionRevertedError, HttpRequestError, TimeoutError } from 'viem'
import type { SwapError } from '../../../shared'
import type { VenueNoRoute } from '../venue'
import { upstreamError } from '../common/venueErrors'

/**
 * Classifies a failed router read (`venues/uniswap-v2.md`): a revert (no pair, `INSUFFICIENT_LIQUIDITY`,
 * `INSUFFICIENT_INPUT_AMOUNT`, an invalid path, an empty revert from a missing pair contract) means this
 * path has no route; transport failures (HTTP errors, timeouts, RPC limits) and anything else are
 * `UPSTREAM_ERROR`, with a message that never names the RPC URL.
 */
export function classifyRouterError(error: unknown): VenueNoRoute | SwapError {
  if (error instanceof BaseError) {
    const transport = error.walk(
      (cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError,
    )
    if (transport) return upstreamError('RHD router', 'the chain RPC could not be reached', error)
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError) {
      return { noRoute: true, reason: `RHD router: ${reverted.reason ?? 'no pair for this path'}` }
    }
    if (
      /execution reverted|revert/i.test(error.details ?? '') ||
      /execution reverted/i.test(error.shortMessage)
    ) {
      return { noRoute: true, reason: 'RHD router: no pair for this path' }
    }
  }
  return upstreamError('RHD router', 'the chain RPC failed', error)
}
