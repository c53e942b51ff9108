import { getAddress, type Address } from 'viem'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'

export type DeployHolderPassParameters = {
  clients: ChainClients
  contracts: Pick<SandboxContracts, 'HolderPass'>
  /** The pass contract's owner, the only account that can mint. */
  owner: Address
  /** Accounts that receive one pass each. */
  holders: readonly Address[]
}

/** Deploys the ERC-721 holder pass and mints one pass to each holder. */
export async function deployHolderPass({ clients, contracts, owner, holders }: DeployHolderPassParameters): Promise<Address> {
  const { walletClient, confirm } = clients
  const { abi, bytecode } = contracts.HolderPass
  const address = getAddress((await confirm(await walletClient.deployContract({ account: owner, chain: null, abi, bytecode, args: [owner] }))).contractAddress!)
  for (const holder of holders) {
    await confirm(
      await walletClient.writeContract({ account: owner, chain: null, address, abi, functionName: 'mint', args: [holder] }),
    )
  }
  return address
}
