import { getAddress, type Account, type Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { getSandboxBridgeArtifact } from './sandboxBridgeArtifact'

/**
 * Deploys one `SandboxBridge` on a chain from `deployer`, bound to the chain's V2 router and wrapped
 * native, with `relayer` as the only account that may close (repay or refund) a transfer.
 */
export async function deploySandboxBridge({
  context,
  deployer,
  relayer,
}: {
  context: ChainContext
  deployer: Account
  relayer: Address
}): Promise<Address> {
  const artifact = getSandboxBridgeArtifact()
  const hash = await context.walletClient(deployer).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [relayer, context.router, context.wrappedNative],
  })
  const receipt = await context.publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`SandboxBridge deployment failed on chain ${context.chainId}`)
  }
  return getAddress(receipt.contractAddress)
}
