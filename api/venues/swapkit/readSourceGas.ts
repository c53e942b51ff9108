import type { VenueRequest } from '../venue'
import { estimateGasInBuyToken } from '../common/estimateGasInBuyToken'
import { parseVenueDecimal } from './parseVenueDecimal'
import type { SwapkitRoute } from './swapkitSchemas'

export type ReadSourceGasParameters = {
  /** A route's `fees[]`, as `/v3/quote` lists them for each route and `/v3/swap` for the built one. */
  fees: SwapkitRoute['fees']
  request: VenueRequest
  /** The route's expected output, to convert through its own rate. */
  buyAmount: bigint
}

/**
 * The gas the user pays on the source chain, from the route's `inbound`/`network` fees stated in the
 * sell chain's native asset (human units), converted into the buy token like the other venues' gas.
 *
 * @example
 * readSourceGas({ fees: route.fees, request, buyAmount }) // 1_250_000n (1.25 USDC), or undefined
 */
export function readSourceGas({ fees, request, buyAmount }: ReadSourceGasParameters): bigint | undefined {
  if (request.sellChain.type !== 'evm') return undefined
  const native = `${request.sellChain.symbol}.${request.sellChain.nativeSymbol}`.toUpperCase()
  let gasWei = 0n
  for (const fee of fees ?? []) {
    if ((fee.type !== 'inbound' && fee.type !== 'network') || (fee.asset ?? '').toUpperCase() !== native)
      continue
    gasWei += parseVenueDecimal(fee.amount, 18) ?? 0n
  }
  return gasWei > 0n ? estimateGasInBuyToken({ request, gasWei, buyAmount }) : undefined
}
