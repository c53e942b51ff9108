import { getAddress, isAddress } from 'viem'
import type { ChainDefinition } from '../chains/chainDefinition'
import {
  getErc20Caip,
  getNativeCaip,
  nativeSlip44,
  nativeSlip44Aliases,
  parseCaipAsset,
} from '../caip/caipAsset'
import { SwapError } from '../errors'
import { CaipAssetSchema } from '../schemas/primitives'
import { tokenLists } from './lists'

/**
 * An asset resolved on one chain. `decimals` and `symbol` are missing for an ERC-20 given by address
 * that is not in the curated list: the caller reads them on chain.
 */
export type ResolvedToken =
  | { chain: string; kind: 'native'; caip: string; symbol: string; name: string; decimals: number }
  | {
      chain: string
      kind: 'erc20'
      caip: string
      contract: `0x${string}`
      symbol?: string
      name?: string
      decimals?: number
      wrapsNative?: boolean
    }

/**
 * Resolves a token from a symbol of `/tokens` (case-insensitive), a full CAIP-19 id, or a bare `0x`
 * address on an EVM chain.
 *
 * Throws `BAD_REQUEST` for a malformed CAIP or address and `UNKNOWN_TOKEN` for a symbol or CAIP that
 * does not name an asset of this chain (also for a bare address on a non-EVM chain).
 *
 * @example
 * resolveToken({ chain: ethereum, token: 'usdc' }).caip // 'eip155:1/erc20:0xa0b8…eb48'
 */
export function resolveToken({ chain, token }: { chain: ChainDefinition; token: string }): ResolvedToken {
  const value = token.trim()
  const unknown = () =>
    new SwapError({ code: 'UNKNOWN_TOKEN', message: `Unknown token ${value} on chain ${chain.symbol}` })

  if (/^0x/i.test(value)) {
    if (chain.type !== 'evm') throw unknown()
    if (!isAddress(value, { strict: false })) {
      throw new SwapError({ code: 'BAD_REQUEST', message: `Malformed token address: ${value}` })
    }
    return fromContract(chain, getAddress(value))
  }

  if (value.includes(':')) {
    const parsed = parseCaipAsset(value)
    if (!parsed) {
      if (isMalformedCaip(value)) {
        throw new SwapError({ code: 'BAD_REQUEST', message: `Malformed CAIP asset id: ${value}` })
      }
      // A well-formed id of an asset kind we do not serve (erc721, a Cosmos denom) names no token here.
      throw unknown()
    }
    if (parsed.caip2 !== chain.caip2) throw unknown()
    if (parsed.kind === 'erc20') return fromContract(chain, parsed.contract)
    if (
      parsed.slip44 !== nativeSlip44[chain.symbol] &&
      !(nativeSlip44Aliases[chain.symbol] ?? []).includes(parsed.slip44)
    ) {
      throw unknown()
    }
    return native(chain)
  }

  const symbol = value.toUpperCase()
  if (symbol === chain.nativeSymbol.toUpperCase()) return native(chain)
  const listed = (tokenLists[chain.symbol] ?? []).find((entry) => entry.symbol.toUpperCase() === symbol)
  if (!listed) throw unknown()
  return fromContract(chain, listed.contract)
}

/**
 * True when the id breaks CAIP-19 syntax or the profile of its own namespace (`venues/caip.md`,
 * "Validation errors"): an `erc20` reference on `eip155` that is not 40 hex characters, or a `slip44`
 * reference that is not a decimal coin type.
 */
function isMalformedCaip(value: string): boolean {
  if (!CaipAssetSchema.safeParse(value).success) return true
  const [caip2 = '', asset = ''] = value.split('/')
  if (caip2.startsWith('eip155:') && asset.startsWith('erc20:')) return true
  return asset.startsWith('slip44:')
}

function native(chain: ChainDefinition): ResolvedToken {
  return {
    chain: chain.symbol,
    kind: 'native',
    caip: getNativeCaip(chain),
    symbol: chain.nativeSymbol,
    name: chain.nativeName,
    decimals: chain.nativeDecimals,
  }
}

function fromContract(chain: ChainDefinition, contract: `0x${string}`): ResolvedToken {
  const listed = (tokenLists[chain.symbol] ?? []).find(
    (entry) => entry.contract.toLowerCase() === contract.toLowerCase(),
  )
  return {
    chain: chain.symbol,
    kind: 'erc20',
    caip: getErc20Caip(chain, contract),
    contract,
    ...(listed && {
      symbol: listed.symbol,
      name: listed.name,
      decimals: listed.decimals,
      ...(listed.wrapsNative && { wrapsNative: true }),
    }),
  }
}
