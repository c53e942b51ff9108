import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startWorld, type World } from '../startWorld'
import { erc20Abi } from './pricing/abis'
import { startSimulators, type Simulators, type StartSimulatorsParameters } from './startSimulators'

/** A world with simulators for tests, plus the demo user's clients on one chain. */
export type TestSandbox = {
  world: World
  simulators: Simulators
  /** Dev account 0 on `symbol`'s chain. */
  user(symbol: string): {
    address: Address
    publicClient: ReturnType<typeof createPublicClient>
    walletClient: ReturnType<typeof createWalletClient>
    balanceOf(token: Address | 'native', owner?: Address): Promise<bigint>
    send(tx: {
      to: Address
      data: Hex
      value?: bigint
      gas?: bigint
    }): Promise<{ status: string; gasCost: bigint }>
  }
  stop(): Promise<void>
}

/**
 * Starts a sandbox world on a few chains (no manifest file) and the simulators on it, for the
 * simulators' integration tests. Always call `stop()` (it stops every anvil and server).
 */
export async function startTestSandbox({
  chains = ['ETH', 'BASE', 'RHD'],
  ...options
}: { chains?: string[] } & Omit<StartSimulatorsParameters, 'world'> = {}): Promise<TestSandbox> {
  const world = await startWorld({ chains, manifestPath: null })
  let simulators: Simulators
  try {
    simulators = await startSimulators({ world, ...options })
  } catch (error) {
    await world.stop()
    throw error
  }
  const account = privateKeyToAccount(world.accounts[0]!.privateKey)
  return {
    world,
    simulators,
    user(symbol) {
      const chain = world.chains[symbol]
      if (!chain) throw new Error(`no sandbox chain ${symbol}`)
      const transport = http(chain.rpcUrl)
      const publicClient = createPublicClient({ chain: chain.chain, transport, pollingInterval: 50 })
      const walletClient = createWalletClient({ chain: chain.chain, transport, account, pollingInterval: 50 })
      return {
        address: account.address,
        publicClient,
        walletClient,
        balanceOf: (token, owner = account.address) =>
          token === 'native'
            ? publicClient.getBalance({ address: owner })
            : publicClient.readContract({
                address: token,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [owner],
              }),
        async send({ to, data, value, gas }) {
          const hash = await walletClient.sendTransaction({
            account,
            chain: chain.chain,
            to,
            data,
            ...(value === undefined ? {} : { value }),
            ...(gas === undefined ? {} : { gas }),
          })
          const receipt = await publicClient.waitForTransactionReceipt({ hash })
          return { status: receipt.status, gasCost: receipt.gasUsed * receipt.effectiveGasPrice }
        },
      }
    },
    async stop() {
      await simulators.stop().finally(() => world.stop())
    },
  }
}
