import { getAddress, type Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { isNativePlaceholder, NATIVE_PLACEHOLDER } from '../pricing/nativeToken'

/** The ERC-20s the sandbox bridge carries, by symbol: the same symbol on both chains is the same asset. */
export const BRIDGED_TOKEN_SYMBOLS: readonly string[] = ['USDC', 'USDT']

/** The native coin the sandbox bridge carries between chains that share it (ETH on ETH, BASE and ARB). */
export const BRIDGED_NATIVE_SYMBOL = 'ETH'

/**
 * The token on `from`'s chain that the sandbox bridge turns into `toToken` on `to`'s chain: the
 * same-symbol USDC or USDT, or the native coin when both chains' native coin is ETH. `undefined`
 * when the bridge does not carry `toToken` from there. Native is the `0xEeee…` placeholder.
 *
 * @example
 * findBridgedToken({ from: eth, to: base, toToken: baseUsdc }) // ETH's USDC address
 */
export function findBridgedToken({
  from,
  to,
  toToken,
}: {
  from: ChainContext
  to: ChainContext
  toToken: Address
}): Address | undefined {
  if (from.chainId === to.chainId) return undefined
  if (isNativePlaceholder(toToken)) {
    return from.nativeSymbol === BRIDGED_NATIVE_SYMBOL && to.nativeSymbol === BRIDGED_NATIVE_SYMBOL
      ? NATIVE_PLACEHOLDER
      : undefined
  }
  const symbol = Object.entries(to.sandbox.contracts.tokens).find(
    ([, address]) => address.toLowerCase() === toToken.toLowerCase(),
  )?.[0]
  if (!symbol || !BRIDGED_TOKEN_SYMBOLS.includes(symbol)) return undefined
  const source = from.sandbox.contracts.tokens[symbol]
  return source ? getAddress(source) : undefined
}
