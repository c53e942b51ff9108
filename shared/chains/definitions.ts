import type { ChainDefinition } from './chainDefinition'

/*
 * Address shapes, checked as THORNode checks a destination before anything else (`NewAddress` in
 * thornode's common/address.go): each chain's own decoder on mainnet. So BTC takes base58 `1` (P2PKH)
 * and `3` (P2SH, always 34 characters) and bech32/bech32m `bc1` (BIP-173, BIP-350); LTC takes `L`, `M`,
 * the old `3` (34 characters each) and `ltc1`; BCH takes CashAddr with or without `bitcoincash:` and
 * the legacy `1` and `3`; DOGE `D`, `A` and `9`; Cosmos chains their bech32 prefix (20- or 32-byte
 * accounts). Bech32 and CashAddr may be all lower or all upper case, never mixed (BIP-173, the
 * CashAddr spec). EVM chains take `0x` and 40 hex characters in any case. No checksum is verified:
 * the point is to catch a wrong-chain or garbled address before a venue sees it.
 */
const base58 = '[1-9A-HJ-NP-Za-km-z]'
/** Base58Check with a version byte other than 0: always 34 characters, the first fixed by the version. */
const base58Of34 = (leading: string) => `[${leading}]${base58}{33}`
/** Bitcoin's P2PKH (version 0): leading zero bytes shorten it, down to 26 characters in practice. */
const p2pkh = `1${base58}{25,33}`
/** `head`, then `min`..`max` bech32 characters: all lower or all upper case, never mixed. */
const bech32 = (head: string, min: number, max: number) => {
  const lower = `${head}[02-9ac-hj-np-z]{${min},${max}}`
  return `${lower}|${lower.toUpperCase()}`
}
const anyOf = (...shapes: string[]) => new RegExp(`^(?:${shapes.join('|')})$`)
const evmAddress = /^0x[0-9a-fA-F]{40}$/
/** A witness version and program of 2..40 bytes, with the checksum. */
const segwit = (prefix: string) => bech32(`${prefix}1`, 11, 71)
/** A 20- or 32-byte account, with the checksum. */
const cosmosAccount = (prefix: string) => bech32(`${prefix}1`, 38, 58)

/*
 * The 13 chains of contract section 2.1, in the contract's order. CAIP-2 ids follow `venues/caip.md`:
 * BCH uses the hash of its first BCH-only block, not Bitcoin's genesis. Each native asset's SLIP-44
 * coin type is in `caip/caipAsset.ts`, its one reader, so the widget's first load does not carry it.
 */

export const ethereum = {
  symbol: 'ETH',
  name: 'Ethereum',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  type: 'evm',
  chainId: 1,
  caip2: 'eip155:1',
  nativeDecimals: 18,
  explorerUrl: 'https://etherscan.io',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const bitcoin = {
  symbol: 'BTC',
  name: 'Bitcoin',
  nativeSymbol: 'BTC',
  nativeName: 'Bitcoin',
  type: 'utxo',
  caip2: 'bip122:000000000019d6689c085ae165831e93',
  nativeDecimals: 8,
  explorerUrl: 'https://mempool.space',
  explorerTxPath: '/tx/{hash}',
  addressPattern: anyOf(p2pkh, base58Of34('3'), segwit('bc')),
  quotable: true,
} as const satisfies ChainDefinition

export const base = {
  symbol: 'BASE',
  name: 'Base',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  type: 'evm',
  chainId: 8453,
  caip2: 'eip155:8453',
  nativeDecimals: 18,
  explorerUrl: 'https://basescan.org',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const bsc = {
  symbol: 'BSC',
  name: 'BNB Smart Chain',
  nativeSymbol: 'BNB',
  nativeName: 'BNB',
  type: 'evm',
  chainId: 56,
  caip2: 'eip155:56',
  nativeDecimals: 18,
  explorerUrl: 'https://bscscan.com',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const avalanche = {
  symbol: 'AVAX',
  name: 'Avalanche C-Chain',
  nativeSymbol: 'AVAX',
  nativeName: 'Avalanche',
  type: 'evm',
  chainId: 43114,
  caip2: 'eip155:43114',
  nativeDecimals: 18,
  explorerUrl: 'https://snowtrace.io',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const arbitrum = {
  symbol: 'ARB',
  name: 'Arbitrum One',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  type: 'evm',
  chainId: 42161,
  caip2: 'eip155:42161',
  nativeDecimals: 18,
  explorerUrl: 'https://arbiscan.io',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const robinhood = {
  symbol: 'RHD',
  name: 'Robinhood Chain',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  type: 'evm',
  chainId: 4663,
  caip2: 'eip155:4663',
  nativeDecimals: 18,
  explorerUrl: 'https://robinhoodchain.blockscout.com',
  explorerTxPath: '/tx/{hash}',
  addressPattern: evmAddress,
  quotable: true,
} as const satisfies ChainDefinition

export const bitcoinCash = {
  symbol: 'BCH',
  name: 'Bitcoin Cash',
  nativeSymbol: 'BCH',
  nativeName: 'Bitcoin Cash',
  type: 'utxo',
  caip2: 'bip122:000000000000000000651ef99cb9fcbe',
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/bitcoin-cash',
  explorerTxPath: '/transaction/{hash}',
  addressPattern: anyOf(bech32('(?:bitcoincash:)?[qp]', 41, 41), p2pkh, base58Of34('3')),
  quotable: true,
} as const satisfies ChainDefinition

export const litecoin = {
  symbol: 'LTC',
  name: 'Litecoin',
  nativeSymbol: 'LTC',
  nativeName: 'Litecoin',
  type: 'utxo',
  caip2: 'bip122:12a765e31ffd4059bada1e25190f6e98',
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/litecoin',
  explorerTxPath: '/transaction/{hash}',
  addressPattern: anyOf(base58Of34('LM3'), segwit('ltc')),
  quotable: true,
} as const satisfies ChainDefinition

export const dogecoin = {
  symbol: 'DOGE',
  name: 'Dogecoin',
  nativeSymbol: 'DOGE',
  nativeName: 'Dogecoin',
  type: 'utxo',
  caip2: 'bip122:1a91e3dace36e2be3bf030a65679fe82',
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/dogecoin',
  explorerTxPath: '/transaction/{hash}',
  addressPattern: anyOf(base58Of34('DA9')),
  quotable: true,
} as const satisfies ChainDefinition

export const cosmosHub = {
  symbol: 'GAIA',
  name: 'Cosmos Hub',
  nativeSymbol: 'ATOM',
  nativeName: 'Cosmos Hub Atom',
  type: 'cosmos',
  caip2: 'cosmos:cosmoshub-4',
  nativeDecimals: 6,
  explorerUrl: 'https://www.mintscan.io/cosmos',
  explorerTxPath: '/tx/{hash}',
  addressPattern: anyOf(cosmosAccount('cosmos')),
  quotable: true,
} as const satisfies ChainDefinition

export const thorchain = {
  symbol: 'THOR',
  name: 'THORChain',
  nativeSymbol: 'RUNE',
  nativeName: 'Rune',
  type: 'cosmos',
  caip2: 'cosmos:thorchain-1',
  nativeDecimals: 8,
  explorerUrl: 'https://runescan.io',
  explorerTxPath: '/tx/{hash}',
  addressPattern: anyOf(cosmosAccount('thor')),
  quotable: true,
} as const satisfies ChainDefinition

export const hive = {
  symbol: 'HIVE',
  name: 'Hive',
  nativeSymbol: 'HIVE',
  nativeName: 'Hive',
  type: 'hive',
  caip2: 'hive:beeab0de000000000000000000000000',
  nativeDecimals: 3,
  explorerUrl: 'https://hivehub.dev',
  explorerTxPath: '/tx/{hash}',
  addressPattern: /^[a-z][a-z0-9.-]{2,15}$/,
  quotable: false,
} as const satisfies ChainDefinition

/** All chains, in the order `/chains` lists them. */
export const chainDefinitions: readonly ChainDefinition[] = [
  ethereum,
  bitcoin,
  base,
  bsc,
  avalanche,
  arbitrum,
  robinhood,
  bitcoinCash,
  litecoin,
  dogecoin,
  cosmosHub,
  thorchain,
  hive,
]

/** Accepted on input as another name of a CAIP-2 id (chain-id changes, see `venues/caip.md`). */
export const caip2Aliases: Readonly<Record<string, string>> = {
  'cosmos:thorchain-mainnet-v1': 'cosmos:thorchain-1',
}
