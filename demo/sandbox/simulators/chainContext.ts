import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { findChain } from '../../../shared'
import { marketGasPriceWei } from '../../market/marketModel'
import { holdNodeSocket } from '../nodeSocket'
import type { SandboxChain } from '../worldManifest'
import type { SimulatorWorld } from './simulatorWorld'

/** One sandbox chain as the simulators use it: manifest entry, registry entry and viem clients. */
export type ChainContext = {
  /** Chain symbol of the registry (`ETH`, `BASE`, ...). */
  symbol: string
  chainId: number
  chain: Chain
  sandbox: SandboxChain
  nativeSymbol: string
  nativeName: string
  wrappedNative: Address
  router: Address
  factory: Address
  publicClient: PublicClient<Transport, Chain>
  /** The gas price venues quote with on this chain (the sandbox market's, not anvil's near-zero one). */
  marketGasPrice(): Promise<bigint>
  walletClient(account: Account): WalletClient<Transport, Chain, Account>
  /** Lets go of the clients' socket to the node (see `closeChainContexts`). */
  release(): Promise<void>
}

/**
 * Builds a `ChainContext` for every chain of the world manifest, keyed by chain id. Its clients talk
 * to the node over WebSocket (see `holdNodeSocket`); `closeChainContexts` lets go of the sockets.
 *
 * @example
 * const chains = createChainContexts({ world })
 * await chains.get(1)?.publicClient.getBlockNumber()
 */
export function createChainContexts({ world }: { world: SimulatorWorld }): Map<number, ChainContext> {
  const contexts = new Map<number, ChainContext>()
  for (const [key, sandbox] of Object.entries(world.manifest.chains)) {
    const definition = findChain(sandbox.chainId)
    const nativeSymbol = definition?.nativeSymbol ?? 'ETH'
    const chain = defineChain({
      id: sandbox.chainId,
      name: definition?.name ?? key,
      nativeCurrency: { name: definition?.nativeName ?? nativeSymbol, symbol: nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [sandbox.rpcUrl] } },
    })
    const socket = holdNodeSocket(sandbox.rpcUrl)
    const transport = socket.transport
    contexts.set(sandbox.chainId, {
      symbol: definition?.symbol ?? sandbox.symbol,
      chainId: sandbox.chainId,
      chain,
      sandbox,
      nativeSymbol,
      nativeName: definition?.nativeName ?? nativeSymbol,
      wrappedNative: sandbox.contracts.wrappedNative as Address,
      router: sandbox.contracts.uniswapV2Router as Address,
      factory: sandbox.contracts.uniswapV2Factory as Address,
      publicClient: createPublicClient({ chain, transport, pollingInterval: 100 }),
      marketGasPrice: async () => marketGasPriceWei(sandbox.chainId),
      walletClient: (account) => createWalletClient({ chain, transport, account, pollingInterval: 100 }),
      release: socket.release,
    })
  }
  return contexts
}

/** Lets go of every context's socket to its node, once nothing uses the contexts any more. */
export async function closeChainContexts(contexts: Map<number, ChainContext>): Promise<void> {
  await Promise.all([...contexts.values()].map((context) => context.release()))
}
