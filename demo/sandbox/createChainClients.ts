import {
  BaseError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem'
import type { ChainDefinition } from '../../shared/chains'

/**
 * Gas limit of every setup transaction. anvil's own estimate can fall a few hundred gas short (a
 * Uniswap pair writes its price accumulators only when the block timestamp moved on after the
 * estimate), and on a local chain unused gas costs nothing.
 */
const setupGas = 15_000_000n

/** A transaction from one of anvil's unlocked dev accounts. */
export type SetupTransaction = { account: Address; to?: Address; data: Hex; value?: bigint }

/** viem clients for one sandbox chain, plus the helpers the world uses to set it up. */
export type ChainClients = {
  chain: Chain
  publicClient: PublicClient
  /** Sends from anvil's unlocked dev accounts (pass `account: address`). */
  walletClient: WalletClient
  /** anvil's cheat methods (`setCode`, `setBalance`, ...). */
  testClient: TestClient<'anvil'>
  /** Sends a setup transaction and returns its receipt; throws with the revert reason if it failed. */
  send: (transaction: SetupTransaction) => Promise<TransactionReceipt>
  /** Calls a contract function in a setup transaction (see `send`). */
  write: (request: {
    account: Address
    address: Address
    abi: Abi
    functionName: string
    args?: readonly unknown[]
    value?: bigint
  }) => Promise<TransactionReceipt>
  /** Deploys a contract in a setup transaction and returns its checksummed address. */
  deploy: (request: {
    account: Address
    abi: Abi
    bytecode: Hex
    args?: readonly unknown[]
  }) => Promise<Address>
}

/**
 * Creates the viem chain, public client and wallet client of a sandbox anvil. The chain keeps the
 * registry's chain id and native currency, with the local RPC URL.
 */
export function createChainClients({
  definition,
  rpcUrl,
}: {
  definition: ChainDefinition
  rpcUrl: string
}): ChainClients {
  if (definition.chainId === undefined) throw new Error(`chain ${definition.symbol} is not an EVM chain`)
  const chain = defineChain({
    id: definition.chainId,
    name: `${definition.name} (sandbox)`,
    nativeCurrency: {
      name: definition.nativeName,
      symbol: definition.nativeSymbol,
      decimals: definition.nativeDecimals,
    },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
  const transport = http(rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
  const walletClient = createWalletClient({ chain, transport, pollingInterval: 50 })
  const testClient = createTestClient({
    chain,
    transport,
    mode: 'anvil',
    pollingInterval: 50,
  }) as TestClient<'anvil'>

  const send = async ({ account, to, data, value }: SetupTransaction) => {
    const hash = await walletClient.sendTransaction({ account, chain: null, to, data, value, gas: setupGas })
    // With automine the block is usually sealed by the time the send answers, but not always: read the
    // receipt once and poll only when it is not there yet.
    const receipt = await publicClient
      .getTransactionReceipt({ hash })
      .catch(() => publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 }))
    if (receipt.status === 'success') return receipt
    const reason = await publicClient
      .call({ account, to, data, value, blockNumber: receipt.blockNumber - 1n })
      .then(
        () => 'no reason',
        (error: unknown) => (error instanceof BaseError ? error.shortMessage : String(error)),
      )
    throw new Error(`sandbox setup transaction ${hash} reverted on chain ${chain.id}: ${reason}`)
  }

  return {
    chain,
    publicClient,
    walletClient,
    testClient,
    send,
    write: ({ account, address, abi, functionName, args, value }) =>
      send({ account, to: address, data: encodeFunctionData({ abi, functionName, args }), value }),
    deploy: async ({ account, abi, bytecode, args }) => {
      const receipt = await send({ account, data: encodeDeployData({ abi, bytecode, args }) })
      if (!receipt.contractAddress)
        throw new Error(`sandbox deployment ${receipt.transactionHash} created no contract`)
      return getAddress(receipt.contractAddress)
    },
  }
}
