import type { ChainContext } from '../chainContext'
import { ZERO_ADDRESS } from '../pricing/nativeToken'
import type { TokenInfo } from '../pricing/readTokenInfo'
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

/** A token as LI.FI states it: the zero address for the native coin, the sandbox USD price as a string. */
export function toLifiToken({ context, info }: { context: ChainContext; info: TokenInfo }): LifiToken {
  const price = getUsdPrice({ context, token: info })
  return {
    address: info.native ? ZERO_ADDRESS : info.address,
    chainId: context.chainId,
    symbol: info.symbol,
    decimals: info.decimals,
    name: info.name,
    coinKey: info.symbol,
    logoURI: '',
    priceUSD: price === undefined ? '0' : String(price),
  }
}

/** `amount` of a token in US dollars with cents, as LI.FI's `...USD` fields (`0.00` without a price). */
export function toLifiUsd({
  context,
  info,
  amount,
}: {
  context: ChainContext
  info: TokenInfo
  amount: bigint
}): string {
  const priceUsd = getUsdPrice({ context, token: info })
  return priceUsd === undefined ? '0.00' : formatUsd({ amount, decimals: info.decimals, priceUsd })
}
