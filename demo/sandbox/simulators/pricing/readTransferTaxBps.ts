import { parseAbi, type Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { isNativePlaceholder } from './nativeToken'

const taxAbi = parseAbi(['function transferFeeBps() view returns (uint16)'])
const cache = new Map<string, Promise<number>>()

/**
 * The share of every transfer a token takes, bps (0 for an ordinary token and the native coin). 0x
 * detects such taxes by simulating transfers (docs: "Implement Buy/Sell Tax Support"); the sandbox's
 * only taxed token states its fee (`FeeOnTransferToken.transferFeeBps`), so reading it stands in for
 * that simulation. Cached per chain and token: a token's code does not change while the world runs.
 */
export function readTransferTaxBps({
  context,
  token,
}: {
  context: ChainContext
  token: Address
}): Promise<number> {
  if (isNativePlaceholder(token)) return Promise.resolve(0)
  const key = `${context.sandbox.rpcUrl}:${token.toLowerCase()}`
  let tax = cache.get(key)
  if (!tax) {
    tax = context.publicClient
      .readContract({ address: token, abi: taxAbi, functionName: 'transferFeeBps' })
      .then(Number)
      // No such function: an ordinary token.
      .catch(() => 0)
    cache.set(key, tax)
  }
  return tax
}
