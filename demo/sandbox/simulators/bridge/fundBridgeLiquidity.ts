import { parseAbi, type Account, type Address } from 'viem'
import { createTestClient, http } from 'viem'
import type { ChainContext } from '../chainContext'
import { BRIDGED_TOKEN_SYMBOLS } from './findBridgedToken'

const mintAbi = parseAbi([
  'function mintBatch(address[] recipients, uint256[] amounts)',
  'function mint(address to, uint256 amount) returns (bool)',
  'function decimals() view returns (uint8)',
])

/** Whole tokens of each bridged ERC-20 the liquidity account starts with on every chain. */
export const BRIDGE_TOKEN_LIQUIDITY = 10_000_000n

/** Native coin (wei) the liquidity account holds on every chain: deliveries of ETH and gas. */
export const BRIDGE_NATIVE_LIQUIDITY = 10n ** 24n

/**
 * Funds the bridge's liquidity account on one chain: ten million of every bridged ERC-20 the chain
 * lists, minted by the world's deployer (the sandbox tokens take `mintBatch`, Circle's USDC on Base
 * takes `mint`), and a million of the native coin (set with anvil's `setBalance`).
 */
export async function fundBridgeLiquidity({
  context,
  deployer,
  liquidity,
}: {
  context: ChainContext
  deployer: Account
  liquidity: Address
}): Promise<void> {
  const testClient = createTestClient({
    chain: context.chain,
    mode: 'anvil',
    transport: http(context.sandbox.rpcUrl),
  })
  await testClient.setBalance({ address: liquidity, value: BRIDGE_NATIVE_LIQUIDITY })
  const wallet = context.walletClient(deployer)
  for (const symbol of BRIDGED_TOKEN_SYMBOLS) {
    const token = context.sandbox.contracts.tokens[symbol] as Address | undefined
    if (!token) continue
    const decimals = await context.publicClient.readContract({
      address: token,
      abi: mintAbi,
      functionName: 'decimals',
    })
    const amount = BRIDGE_TOKEN_LIQUIDITY * 10n ** BigInt(decimals)
    const mint = async (functionName: 'mintBatch' | 'mint') => {
      try {
        const hash =
          functionName === 'mintBatch'
            ? await wallet.writeContract({
                address: token,
                abi: mintAbi,
                functionName,
                args: [[liquidity], [amount]],
                gas: 500_000n,
              })
            : await wallet.writeContract({
                address: token,
                abi: mintAbi,
                functionName,
                args: [liquidity, amount],
                gas: 500_000n,
              })
        return (await context.publicClient.waitForTransactionReceipt({ hash })).status === 'success'
      } catch {
        return false
      }
    }
    if (!(await mint('mintBatch')) && !(await mint('mint'))) {
      throw new Error(`could not mint ${symbol} for the bridge liquidity on chain ${context.chainId}`)
    }
  }
}
