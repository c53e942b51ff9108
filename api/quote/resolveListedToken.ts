import type { ChainDefinition, ResolvedToken } from '../../shared'
import { resolveToken } from '../../shared'

/** How many (chain, token) answers are remembered before the memo starts over. */
const MEMO_SIZE = 1_024
const memo = new Map<string, Readonly<ResolvedToken>>()

/**
 * `resolveToken`, remembered per chain and token as the caller wrote it. The registry does not change
 * while the process runs, and resolving a symbol scans the chain's token list twice, upper- and
 * lower-casing every entry, on both sides of every quote. Only answers are remembered (an unknown or
 * malformed token throws afresh each time); they are frozen, because every later request shares them.
 *
 * @example
 * resolveListedToken({ chain: ethereum, token: 'USDC' }).caip // 'eip155:1/erc20:0xa0b8…eb48'
 */
export function resolveListedToken({
  chain,
  token,
}: {
  chain: ChainDefinition
  token: string
}): Readonly<ResolvedToken> {
  const key = `${chain.symbol} ${token}`
  const known = memo.get(key)
  if (known !== undefined) return known
  const resolved = Object.freeze(resolveToken({ chain, token }))
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(key, resolved)
  return resolved
}
