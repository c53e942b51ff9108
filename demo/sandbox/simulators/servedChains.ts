import { robinhood } from '../../../shared'
import type { ChainContext } from './chainContext'

/**
 * The chains the aggregator simulators serve: every sandbox chain except `RHD`, which has no
 * aggregator in the sandbox (there, only the direct router venue quotes).
 */
export function isServedByAggregators(context: ChainContext): boolean {
  return context.chainId !== robinhood.chainId
}
