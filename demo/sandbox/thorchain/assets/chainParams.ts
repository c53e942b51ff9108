/** What THORNode reports per chain in `inbound_addresses` and uses in quotes (amounts 1e8). */
export type ChainParams = {
  /** Outbound fee in the chain's gas asset, 1e8 units. */
  outboundFee: bigint
  /** Smallest inbound the chain observes, 1e8 units. */
  dustThreshold: bigint
  gasRate: string
  gasRateUnits: string
  outboundTxSize: string
  /** Estimated source confirmations for a typical inbound. */
  confirmationBlocks: number
  blockSeconds: number
  /** Longest memo the chain carries (an OP_RETURN holds 80 bytes). */
  memoLimitBytes: number
}

const utxo = { gasRateUnits: 'satsperbyte', outboundTxSize: '1000', memoLimitBytes: 80 }
const evm = { gasRateUnits: 'gwei', outboundTxSize: '100000', dustThreshold: 0n, memoLimitBytes: 250 }

/**
 * Per-chain parameters of the sandbox's THORChain, close to mainnet's published values (dust of
 * 10_000 sats on BTC, LTC and BCH and one DOGE on DOGE; none on EVM and Cosmos chains).
 */
export const chainParams: Readonly<Record<string, ChainParams>> = {
  BTC: {
    ...utxo,
    outboundFee: 5_000n,
    dustThreshold: 10_000n,
    gasRate: '10',
    confirmationBlocks: 1,
    blockSeconds: 600,
  },
  LTC: {
    ...utxo,
    outboundFee: 50_000n,
    dustThreshold: 10_000n,
    gasRate: '5',
    confirmationBlocks: 1,
    blockSeconds: 150,
  },
  BCH: {
    ...utxo,
    outboundFee: 20_000n,
    dustThreshold: 10_000n,
    gasRate: '3',
    confirmationBlocks: 1,
    blockSeconds: 600,
  },
  DOGE: {
    ...utxo,
    outboundFee: 100_000_000n,
    dustThreshold: 100_000_000n,
    gasRate: '500000',
    confirmationBlocks: 2,
    blockSeconds: 60,
  },
  ETH: { ...evm, outboundFee: 80_000n, gasRate: '3', confirmationBlocks: 2, blockSeconds: 12 },
  BSC: { ...evm, outboundFee: 50_000n, gasRate: '1', confirmationBlocks: 1, blockSeconds: 3 },
  AVAX: { ...evm, outboundFee: 5_000_000n, gasRate: '25', confirmationBlocks: 1, blockSeconds: 2 },
  BASE: { ...evm, outboundFee: 5_000n, gasRate: '1', confirmationBlocks: 1, blockSeconds: 2 },
  GAIA: {
    outboundFee: 2_000_000n,
    dustThreshold: 0n,
    gasRate: '1000',
    gasRateUnits: 'uatom',
    outboundTxSize: '1',
    confirmationBlocks: 1,
    blockSeconds: 6,
    memoLimitBytes: 250,
  },
  THOR: {
    outboundFee: 2_000_000n,
    dustThreshold: 0n,
    gasRate: '2000000',
    gasRateUnits: 'tor',
    outboundTxSize: '1',
    confirmationBlocks: 0,
    blockSeconds: 6,
    memoLimitBytes: 250,
  },
}

/** THORChain's block time: streaming sub-swaps are scheduled in THORChain blocks. */
export const THORCHAIN_BLOCK_SECONDS = 6
