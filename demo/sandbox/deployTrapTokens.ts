import { getAddress, type Address } from 'viem'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'
import type { DeployedToken } from './deployTokens'
import { seedPools, type SeededPool } from './seedPools'
import type { Artifacts } from './loadArtifacts'

/** One digit off Ethereum's USDC (`0xA0b8…eB48`): what a pasted lookalike address looks like. */
export const LOOKALIKE_USDC_ADDRESS = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb49')
/** Where the fee-on-transfer token lives. */
export const FEE_ON_TRANSFER_TOKEN_ADDRESS = getAddress('0xfee0000000000000000000000000000000000005')
/** The fee-on-transfer token's tax: 5% of every transfer is burned. */
export const FEE_ON_TRANSFER_BPS = 500

export type DeployTrapTokensParameters = {
  clients: ChainClients
  contracts: SandboxContracts
  artifacts: Artifacts
  factory: Address
  deployer: Address
  wrappedNative: DeployedToken
  /** Accounts that get 10,000 of each (the demo user among them), to try selling them. */
  fundedAccounts: readonly Address[]
}

/**
 * Deploys the tokens that should make a careful user stop: a lookalike "USDC" (a thin pool of
 * 1,000,000 of it against 1 wrapped native, so one is worth about $0.003) and a fee-on-transfer
 * token "TAX" (1,000,000 against 333 wrapped native, about $1 each, burning 5% of every transfer).
 * Neither is in the curated lists. Reserves are minted straight into the pairs, untaxed.
 */
export async function deployTrapTokens({
  clients,
  contracts,
  artifacts,
  factory,
  deployer,
  wrappedNative,
  fundedAccounts,
}: DeployTrapTokensParameters): Promise<{
  lookalikeUsdc: Address
  feeOnTransferToken: Address
  pools: SeededPool[]
}> {
  const place = async (
    address: Address,
    compiled: SandboxContracts['SandboxToken'],
    name: string,
    symbol: string,
    decimals: number,
  ): Promise<DeployedToken> => {
    await clients.testClient.setCode({ address, bytecode: compiled.deployedBytecode })
    await clients.write({
      account: deployer,
      address,
      abi: compiled.abi,
      functionName: 'initialize',
      args: [name, symbol, decimals, deployer],
    })
    return { symbol, name, decimals, address, kind: 'erc20' }
  }
  const lookalike = await place(LOOKALIKE_USDC_ADDRESS, contracts.SandboxToken, 'USD Coin', 'USDC', 6)
  const taxed = await place(
    FEE_ON_TRANSFER_TOKEN_ADDRESS,
    contracts.FeeOnTransferToken,
    'Taxed Token',
    'TAX',
    18,
  )
  await clients.write({
    account: deployer,
    address: taxed.address,
    abi: contracts.FeeOnTransferToken.abi,
    functionName: 'initializeFee',
    args: [FEE_ON_TRANSFER_BPS],
  })
  const million = (token: DeployedToken) => 1_000_000n * 10n ** BigInt(token.decimals)
  const pools = await seedPools({
    clients,
    contracts,
    artifacts,
    factory,
    deployer,
    tokens: [wrappedNative, lookalike, taxed],
    pools: [
      { tokenA: wrappedNative, tokenB: lookalike, amountA: 10n ** 18n, amountB: million(lookalike) },
      {
        tokenA: wrappedNative,
        tokenB: taxed,
        amountA: (333_333n * 10n ** 18n) / 1000n,
        amountB: million(taxed),
      },
    ],
    otherGrants: [lookalike, taxed].flatMap((token) =>
      fundedAccounts.map((to) => ({ token, to, amount: 10_000n * 10n ** BigInt(token.decimals) })),
    ),
  })
  return { lookalikeUsdc: lookalike.address, feeOnTransferToken: taxed.address, pools }
}
