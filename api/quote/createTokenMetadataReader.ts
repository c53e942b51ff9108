import type { PublicClient } from 'viem'
import { BaseError, createPublicClient, erc20Abi, http, HttpRequestError, TimeoutError } from 'viem'
import type { ChainDefinition } from '../../shared'
import { SwapError } from '../../shared'
import type { TokenMetadata, TokenMetadataReader } from './tokenMetadataReader'

/** Successful reads kept per process: token metadata never changes, so they never expire. */
const MAX_CACHED_TOKENS = 2_000

export type CreateTokenMetadataReaderParameters = {
  /** JSON-RPC URL per chain symbol; chains without one read nothing (their unlisted tokens are unknown). */
  rpcUrls: Readonly<Partial<Record<string, string>>>
  /** Per-read timeout of each RPC call. */
  timeoutMs?: number
}

/**
 * Reads an unlisted ERC-20's `decimals`, `symbol` and `name` on chain with viem. An address with no
 * contract, or a contract that does not answer `decimals()` and `symbol()` as an ERC-20 does, is
 * `undefined` (the route answers `UNKNOWN_TOKEN`). Successes are cached; failures are not, so a
 * node outage does not poison the cache.
 *
 * @example
 * const reader = createTokenMetadataReader({ rpcUrls: { ETH: 'http://127.0.0.1:8545' } })
 * await reader({ chain: ethereum, contract: '0x…' }) // { decimals: 18, symbol: 'FOO', name: 'Foo' }
 */
export function createTokenMetadataReader({
  rpcUrls,
  timeoutMs = 2_000,
}: CreateTokenMetadataReaderParameters): TokenMetadataReader {
  const clients = new Map<string, PublicClient>()
  const cache = new Map<string, TokenMetadata>()

  const clientFor = (chain: ChainDefinition): PublicClient | undefined => {
    const url = rpcUrls[chain.symbol]
    if (!url || chain.type !== 'evm') return undefined
    let client = clients.get(chain.symbol)
    if (!client) {
      client = createPublicClient({ transport: http(url, { timeout: timeoutMs, retryCount: 0 }) })
      clients.set(chain.symbol, client)
    }
    return client
  }

  return async ({ chain, contract }) => {
    const key = `${chain.symbol}:${contract.toLowerCase()}`
    const cached = cache.get(key)
    if (cached) return cached
    const client = clientFor(chain)
    if (!client) return undefined

    const [decimals, symbol, name] = await Promise.allSettled([
      client.readContract({ address: contract, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address: contract, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: contract, abi: erc20Abi, functionName: 'name' }),
    ])
    for (const read of [decimals, symbol]) {
      if (read.status === 'rejected' && isTransportFailure(read.reason)) {
        // The node did not answer: that says nothing about the token, so it is not UNKNOWN_TOKEN.
        throw new SwapError({
          code: 'UPSTREAM_ERROR',
          message: `Could not read token ${contract} on ${chain.symbol}: the chain's node did not answer`,
          cause: read.reason,
        })
      }
    }
    if (decimals.status !== 'fulfilled' || symbol.status !== 'fulfilled') return undefined
    if (decimals.value > 36 || symbol.value.trim() === '') return undefined
    const metadata: TokenMetadata = {
      decimals: decimals.value,
      symbol: symbol.value.trim().slice(0, 32),
      ...(name.status === 'fulfilled' &&
        name.value.trim() !== '' && { name: name.value.trim().slice(0, 64) }),
    }
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value as string)
    cache.set(key, metadata)
    return metadata
  }
}

function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError))
  )
}
