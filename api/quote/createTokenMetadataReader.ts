import type { Address, Hex, PublicClient } from 'viem'
import { createPublicClient, decodeAbiParameters, encodeFunctionData, erc20Abi, hexToBytes, http } from 'viem'
import type { ChainDefinition } from '../../shared'
import { SwapError } from '../../shared'
import { classifyTokenReadError } from './classifyTokenReadError'
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
 * Reads an unlisted ERC-20's `decimals`, `symbol` and `name` on chain with viem. `decimals` is what
 * an amount needs: an address with no contract, or a contract whose `decimals()` reverts or answers
 * something undecodable, is `undefined` (the route answers `UNKNOWN_TOKEN`). `symbol` and `name` are
 * read as `string` or, as older tokens such as MKR answer, `bytes32`; when they revert or neither
 * decodes, the token still resolves without them. A node that fails (HTTP error, timeout, a JSON-RPC
 * error such as `-32005` limit exceeded) throws `UPSTREAM_ERROR`, since that says nothing about the
 * token (`classifyTokenReadError`). Successes are cached; failures are not, so a node outage does
 * not poison the cache.
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
      client = createPublicClient({
        // A token contract is anyone's code: its revert must not make us fetch URLs it names (EIP-3668).
        ccipRead: false,
        transport: http(url, { timeout: timeoutMs, retryCount: 0 }),
      })
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
      readText(client, contract, 'symbol'),
      readText(client, contract, 'name'),
    ])
    for (const read of [decimals, symbol]) {
      if (read.status === 'rejected' && classifyTokenReadError(read.reason) === 'upstream') {
        throw new SwapError({
          code: 'UPSTREAM_ERROR',
          message: `Could not read token ${contract} on ${chain.symbol}: the chain's node failed`,
          cause: read.reason,
        })
      }
    }
    if (decimals.status !== 'fulfilled' || decimals.value > 36) return undefined
    const symbolText = symbol.status === 'fulfilled' ? symbol.value : undefined
    const nameText = name.status === 'fulfilled' ? name.value : undefined
    const metadata: TokenMetadata = {
      decimals: decimals.value,
      ...(symbolText !== undefined && { symbol: symbolText.slice(0, 32) }),
      ...(nameText !== undefined && { name: nameText.slice(0, 64) }),
    }
    // A name lost to a node failure would stay lost in the cache; the next read tries again.
    if (name.status === 'rejected' && classifyTokenReadError(name.reason) === 'upstream') return metadata
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value as string)
    cache.set(key, metadata)
    return metadata
  }
}

/**
 * Calls `symbol()` or `name()` and decodes the answer as `string`, else as `bytes32` (trailing zero
 * bytes trimmed, UTF-8). `undefined` when it is neither, or blank; node failures and reverts throw.
 */
async function readText(
  client: PublicClient,
  contract: Address,
  functionName: 'symbol' | 'name',
): Promise<string | undefined> {
  const { data } = await client.call({
    to: contract,
    data: encodeFunctionData({ abi: erc20Abi, functionName }),
  })
  const text = data === undefined ? undefined : decodeText(data)?.trim()
  return text === '' ? undefined : text
}

function decodeText(data: Hex): string | undefined {
  try {
    return stripControls(decodeAbiParameters([{ type: 'string' }], data)[0])
  } catch {
    // Not an ABI string: perhaps a bytes32 (MKR, SAI).
  }
  const bytes = hexToBytes(data)
  if (bytes.length !== 32) return undefined
  let end = bytes.length
  while (end > 0 && bytes[end - 1] === 0) end -= 1
  try {
    return stripControls(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end)))
  } catch {
    return undefined
  }
}

function stripControls(text: string): string {
  return text.replace(/\p{Cc}/gu, '')
}
