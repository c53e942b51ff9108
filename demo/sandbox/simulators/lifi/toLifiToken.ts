import type { ChainContext } from '../chainContext'
import { ZERO_ADDRESS } from '../pricing/nativeToken'
import type { TokenInfo } from '../pricing/readTokenInfo'
import { formatAmount } from '../../../../shared'
import { formatUsd, getUsdPrice } from '../pricing/usdValue'

/** A token in LI.FI's wire shape (`Token` of `@lifi/types`). */
export type LifiToken = {
  address: string
  chainId: number
  symbol: string
  decimals: number
  name: string
  coinKey: string
  logoURI: string
  priceUSD: string
}

/**
 * A token as LI.FI states it: the zero address for the native coin, the USD price as a string. A quote
 * passes the market's mid price (`readMidUsdPrice`, dollars × 10^18); without it, the sandbox's
 * whole-dollar reference price.
 */
export function toLifiToken({
  context,
  info,
  priceE18,
}: {
  context: ChainContext
  info: TokenInfo
  priceE18?: bigint | undefined
}): LifiToken {
  const price = priceE18 === undefined ? getUsdPrice({ context, token: info }) : undefined
  return {
    address: info.native ? ZERO_ADDRESS : info.address,
    chainId: context.chainId,
    symbol: info.symbol,
    decimals: info.decimals,
    name: info.name,
    coinKey: info.symbol,
    logoURI: '',
    priceUSD:
      priceE18 !== undefined
        ? formatAmount({ value: priceE18, decimals: 18 })
        : price === undefined
          ? '0'
          : String(price),
  }
}

/** `amount` of a token in US dollars with cents, as LI.FI's `...USD` fields (`0.00` without a price). */
export function toLifiUsd({
  context,
  info,
  amount,
  priceE18,
}: {
  context: ChainContext
  info: TokenInfo
  amount: bigint
  /** The mid price, dollars × 10^18 (`readMidUsdPrice`); without it, the reference price. */
  priceE18?: bigint | undefined
}): string {
  if (priceE18 !== undefined) {
    const cents = (amount * priceE18 * 100n) / 10n ** BigInt(info.decimals + 18)
    return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
  }
  const priceUsd = getUsdPrice({ context, token: info })
  return priceUsd === undefined ? '0.00' : formatUsd({ amount, decimals: info.decimals, priceUsd })
}
