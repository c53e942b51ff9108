import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Chain,
  type Hash,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem'
import type { ChainDefinition } from '../../shared/chains'

/** viem clients for one sandbox chain. The wallet client sends from anvil's unlocked dev accounts. */
export type ChainClients = {
  chain: Chain
  publicClient: PublicClient
  walletClient: WalletClient
  /** anvil's cheat methods (`setCode`, `setBalance`, ...). */
  testClient: TestClient<'anvil'>
  /** Returns the receipt of a mined transaction and throws if it reverted. */
  confirm: (hash: Hash) => Promise<TransactionReceipt>
}

/**
 * Creates the viem chain, public client and wallet client of a sandbox anvil. The chain keeps the
 * registry's chain id and native currency, with the local RPC URL.
 */
export function createChainClients({ definition, rpcUrl }: { definition: ChainDefinition; rpcUrl: string }): ChainClients {
  if (definition.chainId === undefined) throw new Error(`chain ${definition.symbol} is not an EVM chain`)
  const chain = defineChain({
    id: definition.chainId,
    name: `${definition.name} (sandbox)`,
    nativeCurrency: { name: definition.nativeName, symbol: definition.nativeSymbol, decimals: definition.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
  const transport = http(rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
  const walletClient = createWalletClient({ chain, transport, pollingInterval: 50 })
  const testClient = createTestClient({ chain, transport, mode: 'anvil', pollingInterval: 50 }) as TestClient<'anvil'>
  const confirm = async (hash: Hash) => {
    // anvil's automine has mined the transaction before eth_sendTransaction answers; wait only if not.
    const receipt = await publicClient
      .getTransactionReceipt({ hash })
      .catch(() => publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 }))
    if (receipt.status !== 'success') throw new Error(`sandbox transaction ${hash} reverted on chain ${chain.id}`)
    return receipt
  }
  return { chain, publicClient, walletClient, testClient, confirm }
}
