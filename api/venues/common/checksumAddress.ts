import { getAddress } from 'viem'

/** How many addresses are remembered before the memo starts over (a few hundred KB at most). */
const MEMO_SIZE = 4_096
const memo = new Map<string, `0x${string}`>()

/**
 * viem's `getAddress` (the EIP-55 checksummed form; throws on anything that is not an address),
 * remembered per input. The same few addresses recur on every quote (tokens, spenders, settlement
 * contracts, the caller's wallet), and viem's own cache of them refreshes its LRU order on every
 * hit, which made a quote's nine calls cost more than the check they stand for. A plain map that
 * starts over when full costs one lookup.
 *
 * @example
 * checksumAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2') // '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
 */
export function checksumAddress(address: string): `0x${string}` {
  const known = memo.get(address)
  if (known !== undefined) return known
  const checksummed = getAddress(address)
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(address, checksummed)
  return checksummed
}
