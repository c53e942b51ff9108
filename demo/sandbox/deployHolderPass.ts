import type { Address } from 'viem'
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
export async function deployHolderPass({
  clients,
  contracts,
  owner,
  holders,
}: DeployHolderPassParameters): Promise<Address> {
  const { abi, bytecode } = contracts.HolderPass
  const address = await clients.deploy({ account: owner, abi, bytecode, args: [owner] })
  for (const holder of holders)
    await clients.write({ account: owner, address, abi, functionName: 'mint', args: [holder] })
  return address
}
