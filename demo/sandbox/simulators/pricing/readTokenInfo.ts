import type { Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { erc20Abi } from './abis'
import { isNativePlaceholder } from './nativeToken'

/** What a venue states about a token: symbol, name and decimals. */
export type TokenInfo = { address: Address; symbol: string; name: string; decimals: number; native: boolean }

const cache = new Map<string, Promise<TokenInfo | undefined>>()

/**
 * Reads an ERC-20's symbol, name and decimals from the chain (cached per chain and address), or
 * describes the native coin for the placeholder. Returns `undefined` for an address without an
 * ERC-20 behind it.
 */
export function readTokenInfo({
  context,
  token,
}: {
  context: ChainContext
  token: Address
}): Promise<TokenInfo | undefined> {
  if (isNativePlaceholder(token)) {
    return Promise.resolve({
      address: token,
      symbol: context.nativeSymbol,
      name: context.nativeName,
      decimals: 18,
      native: true,
    })
  }
  const key = `${context.sandbox.rpcUrl}:${token.toLowerCase()}`
  let info = cache.get(key)
  if (!info) {
    info = loadTokenInfo({ context, token })
    cache.set(key, info)
    // A failed read (e.g. the chain restarting) must not stick in the cache.
    info.then((value) => value ?? cache.delete(key)).catch(() => cache.delete(key))
  }
  return info
}

async function loadTokenInfo({
  context,
  token,
}: {
  context: ChainContext
  token: Address
}): Promise<TokenInfo | undefined> {
  try {
    const read = <F extends 'symbol' | 'name' | 'decimals'>(functionName: F) =>
      context.publicClient.readContract({ address: token, abi: erc20Abi, functionName })
    const [symbol, name, decimals] = await Promise.all([read('symbol'), read('name'), read('decimals')])
    return { address: token, symbol, name, decimals, native: false }
  } catch {
    return undefined
  }
}
