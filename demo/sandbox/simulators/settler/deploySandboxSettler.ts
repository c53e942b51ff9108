import type { Account, Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { getSandboxSettlerArtifact } from './sandboxSettlerArtifact'

/**
 * Deploys one `SandboxSettler` (bound to the chain's V2 router and wrapped native) from `deployer`
 * and waits for it. Callers deploy one per venue, so an approval given to one venue's spender never
 * authorises another venue.
 */
export async function deploySandboxSettler({
  context,
  deployer,
}: {
  context: ChainContext
  deployer: Account
}): Promise<Address> {
  const artifact = getSandboxSettlerArtifact()
  const hash = await context.walletClient(deployer).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [context.router, context.wrappedNative],
  })
  const receipt = await context.publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`SandboxSettler deployment failed on chain ${context.chainId}`)
  }
  return receipt.contractAddress
}
