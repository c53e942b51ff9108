import type { ChainDefinition } from './chainDefinition'

/*
 * The 13 chains of contract section 2.1, in the contract's order. CAIP-2 ids follow `venues/caip.md`:
 * BCH uses the hash of its first BCH-only block, not Bitcoin's genesis.
 * EVM native assets use the coin's own SLIP-44 index (BNB 714, AVAX 9000; 60 for ETH on L2s);
 * `slip44:60` (and 9005 for AVAX) are accepted on input as aliases.
 */

export const ethereum = {
  symbol: 'ETH',
  name: 'Ethereum',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  type: 'evm',
  chainId: 1,
  caip2: 'eip155:1',
  nativeSlip44: 60,
  nativeDecimals: 18,
  explorerUrl: 'https://etherscan.io',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'ETH',
  quotable: true,
} as const satisfies ChainDefinition

export const bitcoin = {
  symbol: 'BTC',
  name: 'Bitcoin',
  nativeSymbol: 'BTC',
  nativeName: 'Bitcoin',
  type: 'utxo',
  caip2: 'bip122:000000000019d6689c085ae165831e93',
  nativeSlip44: 0,
  nativeDecimals: 8,
  explorerUrl: 'https://mempool.space',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'BTC',
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
  nativeSlip44: 60,
  nativeDecimals: 18,
  explorerUrl: 'https://basescan.org',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'BASE',
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
  nativeSlip44: 714,
  nativeSlip44Aliases: [60, 9006],
  nativeDecimals: 18,
  explorerUrl: 'https://bscscan.com',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'BSC',
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
  nativeSlip44: 9000,
  nativeSlip44Aliases: [9005, 60],
  nativeDecimals: 18,
  explorerUrl: 'https://snowtrace.io',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'AVAX',
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
  nativeSlip44: 60,
  nativeDecimals: 18,
  explorerUrl: 'https://arbiscan.io',
  explorerTxPath: '/tx/{hash}',
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
  nativeSlip44: 60,
  nativeDecimals: 18,
  explorerUrl: 'https://robinhoodchain.blockscout.com',
  explorerTxPath: '/tx/{hash}',
  quotable: true,
} as const satisfies ChainDefinition

export const bitcoinCash = {
  symbol: 'BCH',
  name: 'Bitcoin Cash',
  nativeSymbol: 'BCH',
  nativeName: 'Bitcoin Cash',
  type: 'utxo',
  caip2: 'bip122:000000000000000000651ef99cb9fcbe',
  nativeSlip44: 145,
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/bitcoin-cash',
  explorerTxPath: '/transaction/{hash}',
  thorchainCode: 'BCH',
  quotable: true,
} as const satisfies ChainDefinition

export const litecoin = {
  symbol: 'LTC',
  name: 'Litecoin',
  nativeSymbol: 'LTC',
  nativeName: 'Litecoin',
  type: 'utxo',
  caip2: 'bip122:12a765e31ffd4059bada1e25190f6e98',
  nativeSlip44: 2,
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/litecoin',
  explorerTxPath: '/transaction/{hash}',
  thorchainCode: 'LTC',
  quotable: true,
} as const satisfies ChainDefinition

export const dogecoin = {
  symbol: 'DOGE',
  name: 'Dogecoin',
  nativeSymbol: 'DOGE',
  nativeName: 'Dogecoin',
  type: 'utxo',
  caip2: 'bip122:1a91e3dace36e2be3bf030a65679fe82',
  nativeSlip44: 3,
  nativeDecimals: 8,
  explorerUrl: 'https://blockchair.com/dogecoin',
  explorerTxPath: '/transaction/{hash}',
  thorchainCode: 'DOGE',
  quotable: true,
} as const satisfies ChainDefinition

export const cosmosHub = {
  symbol: 'GAIA',
  name: 'Cosmos Hub',
  nativeSymbol: 'ATOM',
  nativeName: 'Cosmos Hub Atom',
  type: 'cosmos',
  caip2: 'cosmos:cosmoshub-4',
  nativeSlip44: 118,
  nativeDecimals: 6,
  explorerUrl: 'https://www.mintscan.io/cosmos',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'GAIA',
  quotable: true,
} as const satisfies ChainDefinition

export const thorchain = {
  symbol: 'THOR',
  name: 'THORChain',
  nativeSymbol: 'RUNE',
  nativeName: 'Rune',
  type: 'cosmos',
  caip2: 'cosmos:thorchain-1',
  nativeSlip44: 931,
  nativeDecimals: 8,
  explorerUrl: 'https://runescan.io',
  explorerTxPath: '/tx/{hash}',
  thorchainCode: 'THOR',
  quotable: true,
} as const satisfies ChainDefinition

export const hive = {
  symbol: 'HIVE',
  name: 'Hive',
  nativeSymbol: 'HIVE',
  nativeName: 'Hive',
  type: 'hive',
  caip2: 'hive:beeab0de000000000000000000000000',
  nativeSlip44: 3054,
  nativeDecimals: 3,
  explorerUrl: 'https://hivehub.dev',
  explorerTxPath: '/tx/{hash}',
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
