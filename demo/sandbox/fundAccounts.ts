import type { Address } from 'viem'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'
import type { DeployedToken } from './deployTokens'
import type { Artifacts } from './loadArtifacts'

/** `amount` base units of `token` for `to`. */
export type TokenGrant = { token: DeployedToken; to: Address; amount: bigint }

export type FundAccountsParameters = {
  clients: ChainClients
  contracts: SandboxContracts
  artifacts: Pick<Artifacts, 'fiatTokenV2_2'>
  /** The tokens' minter; wraps its own native coin for wrapped-native grants. */
  deployer: Address
  grants: readonly TokenGrant[]
}

/**
 * Gives accounts (or pools) their token balances: one `mintBatch` per sandbox ERC-20, one `mint` per
 * grant of Circle's USDC, and for the wrapped native one `deposit` of the total by the deployer
 * followed by transfers.
 */
export async function fundAccounts({
  clients,
  contracts,
  artifacts,
  deployer,
  grants,
}: FundAccountsParameters) {
  const byToken = new Map<Address, TokenGrant[]>()
  for (const grant of grants)
    byToken.set(grant.token.address, [...(byToken.get(grant.token.address) ?? []), grant])

  for (const [address, tokenGrants] of byToken) {
    const { kind } = tokenGrants[0]!.token
    const send = (
      abi: typeof contracts.SandboxToken.abi,
      functionName: string,
      args: readonly unknown[],
      value?: bigint,
    ) => clients.write({ account: deployer, address, abi, functionName, args, value })
    if (kind === 'erc20') {
      await send(contracts.SandboxToken.abi, 'mintBatch', [
        tokenGrants.map((grant) => grant.to),
        tokenGrants.map((grant) => grant.amount),
      ])
    } else if (kind === 'fiatToken') {
      for (const grant of tokenGrants)
        await send(artifacts.fiatTokenV2_2.abi, 'mint', [grant.to, grant.amount])
    } else {
      const total = tokenGrants.reduce((sum, grant) => sum + grant.amount, 0n)
      await send(contracts.WrappedNative.abi, 'deposit', [], total)
      for (const grant of tokenGrants)
        await send(contracts.WrappedNative.abi, 'transfer', [grant.to, grant.amount])
    }
  }
}
