import { getAddress, isAddress } from 'viem'
import type { ChainDefinition } from '../chains/chainDefinition'
import { caip2Aliases } from '../chains/definitions'

/**
 * The SLIP-44 coin type in each chain's native asset's canonical CAIP-19 id, by chain symbol
 * (`venues/caip.md`): EVM native assets use the coin's own index (BNB 714, AVAX 9000; 60 for ETH on L2s).
 */
export const nativeSlip44: Readonly<Record<string, number>> = {
  ETH: 60,
  BTC: 0,
  BASE: 60,
  BSC: 714,
  AVAX: 9000,
  ARB: 60,
  RHD: 60,
  BCH: 145,
  LTC: 2,
  DOGE: 3,
  GAIA: 118,
  THOR: 931,
  HIVE: 3054,
}

/** Other SLIP-44 indices accepted on input for a native asset, by chain symbol (`venues/caip.md`). */
export const nativeSlip44Aliases: Readonly<Record<string, readonly number[]>> = {
  BSC: [60, 9006],
  AVAX: [9005, 60],
}

/** The canonical CAIP-19 id of a chain's native asset (`<caip2>/slip44:<coin type>`). */
export function getNativeCaip(chain: ChainDefinition): string {
  return `${chain.caip2}/slip44:${nativeSlip44[chain.symbol]}`
}

/** The CAIP-19 id of an ERC-20 on an EVM chain: `<caip2>/erc20:<lowercase address>`. */
export function getErc20Caip(chain: ChainDefinition, contract: string): string {
  return `${chain.caip2}/erc20:${contract.toLowerCase()}`
}

/** A CAIP-19 asset id split into its parts; see `parseCaipAsset`. */
export type ParsedCaipAsset =
  | { caip2: string; kind: 'native'; slip44: number }
  | { caip2: string; kind: 'erc20'; contract: `0x${string}` }

const caip19Pattern = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})\/([-a-z0-9]{3,8}):([-.%a-zA-Z0-9]{1,128})$/

/**
 * Parses a CAIP-19 asset id of the two forms the service uses: a native `slip44` asset or an
 * `erc20` contract. CAIP-2 aliases (`thorchain-mainnet-v1`) are mapped to their current id and the
 * contract is returned checksummed. Returns `undefined` for anything else.
 *
 * @example
 * parseCaipAsset('eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
 * // { caip2: 'eip155:1', kind: 'erc20', contract: '0xA0b8…eB48' }
 */
export function parseCaipAsset(value: string): ParsedCaipAsset | undefined {
  const match = caip19Pattern.exec(value.trim())
  if (!match) return undefined
  const [, rawCaip2 = '', namespace, reference = ''] = match
  const caip2 = caip2Aliases[rawCaip2] ?? rawCaip2
  if (namespace === 'slip44' && /^(0|[1-9][0-9]{0,9})$/.test(reference)) {
    return { caip2, kind: 'native', slip44: Number(reference) }
  }
  if (namespace === 'erc20' && caip2.startsWith('eip155:') && isAddress(reference, { strict: false })) {
    return { caip2, kind: 'erc20', contract: getAddress(reference) }
  }
  return undefined
}
