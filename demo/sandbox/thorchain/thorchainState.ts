import type { Address } from 'viem'
import { listThorAssets, type ThorAsset } from './assets/thorAssets'
import { createThorPools, type ThorPools } from './pools/createThorPools'

/** The sandbox THORChain's state, shared by THORNode, the observer and the ledger. */
export type ThorchainState = {
  assets: ThorAsset[]
  pools: ThorPools
  /** Chain codes whose trading is halted (`*` halts everything, like `global_trading_paused`). */
  halted: Set<string>
  /** Inbound (vault) address per chain code; THOR has none (deposits are `MsgDeposit`). */
  vaults: Record<string, string>
  /** Router contract per EVM chain code. */
  routers: Record<string, Address>
  /** Epoch milliseconds. */
  now: () => number
}

/** Whether trading on `chain` is halted, globally or for that chain. */
export function isTradingHalted(state: ThorchainState, chain: string): boolean {
  return state.halted.has('*') || state.halted.has(chain)
}

/**
 * Creates the sandbox THORChain's state: assets for the running EVM chains plus every UTXO and
 * Cosmos gas asset, seeded pools, no halts.
 */
export function createThorchainState({
  evmChains,
  vaults,
  routers,
  now = Date.now,
}: {
  evmChains: readonly string[]
  vaults: Record<string, string>
  routers: Record<string, Address>
  now?: () => number
}): ThorchainState {
  const assets = listThorAssets({ evmChains })
  return { assets, pools: createThorPools({ assets }), halted: new Set(), vaults, routers, now }
}
