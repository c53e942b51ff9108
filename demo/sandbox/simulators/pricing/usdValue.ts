import { sandboxUsdPrices } from '../../planPools'
import type { ChainContext } from '../chainContext'
import type { TokenInfo } from './readTokenInfo'

/** A token's sandbox reference price in whole dollars (the native coin priced as its wrapped token), if known. */
export function getUsdPrice({
  context,
  token,
}: {
  context: ChainContext
  token: TokenInfo
}): bigint | undefined {
  const symbol = token.native ? `W${context.nativeSymbol}` : token.symbol
  return sandboxUsdPrices[symbol]
}

/** `amount` base units of `decimals` at `priceUsd` dollars, as a decimal string with cents (rounded down). */
export function formatUsd({
  amount,
  decimals,
  priceUsd,
}: {
  amount: bigint
  decimals: number
  priceUsd: bigint
}): string {
  const cents = (amount * priceUsd * 100n) / 10n ** BigInt(decimals)
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}
