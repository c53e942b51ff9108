import type { Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { findBestRoute, type Route } from '../pricing/findBestRoute'
import type { SettlerFee } from './encodeSettle'
import { settlerBuyFeeAmounts, settlerSellFeeAmounts } from './settlerFeeAmounts'

/** A priced settler order: what the route trades, each fee's amount, and what the recipient gets. */
export type PricedSettlerOrder = {
  route: Route
  /** Sell amount after sell-token fees: what goes into the pools. */
  swapIn: bigint
  /** Pool output before buy-token fees. */
  swapOutput: bigint
  /** One amount per fee, in that fee's token (sell or buy). */
  feeAmounts: bigint[]
  /** What the recipient gets: `swapOutput` less buy-token fees. */
  buyAmount: bigint
}

/**
 * Prices a `SandboxSettler` order the way the contract will execute it: sell-token fees first, then
 * the best V2 route for the rest, then buy-token fees. Returns `undefined` when there is no route.
 */
export async function priceSettlerOrder({
  context,
  sellToken,
  buyToken,
  sellAmount,
  fees,
}: {
  context: ChainContext
  sellToken: Address
  buyToken: Address
  sellAmount: bigint
  fees: SettlerFee[]
}): Promise<PricedSettlerOrder | undefined> {
  const sellFees = settlerSellFeeAmounts({ sellAmount, fees })
  const swapIn = sellAmount - sellFees.reduce((sum, amount) => sum + amount, 0n)
  const route = await findBestRoute({ context, sellToken, buyToken, amountIn: swapIn })
  if (!route) return undefined
  const buyFees = settlerBuyFeeAmounts({ swapOutput: route.amountOut, fees })
  const buyAmount = route.amountOut - buyFees.reduce((sum, amount) => sum + amount, 0n)
  if (buyAmount <= 0n) return undefined
  return {
    route,
    swapIn,
    swapOutput: route.amountOut,
    feeAmounts: fees.map((fee, index) => (fee.inBuyToken ? buyFees[index]! : sellFees[index]!)),
    buyAmount,
  }
}
