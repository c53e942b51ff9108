import { getAddress, parseEther, type Address } from 'viem'
import { majorPoolDepthUsd } from '../market/marketModel'
import type { ChainDefinition } from '../../shared/chains'
import { tokenLists } from '../../shared/tokens'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'
import { deployCow } from './deployCow'
import { deployHolderPass } from './deployHolderPass'
import { deployMulticall3 } from './deployMulticall3'
import { deployTokens } from './deployTokens'
import { deployTrapTokens } from './deployTrapTokens'
import { deployUniswapV2 } from './deployUniswapV2'
import type { TokenGrant } from './fundAccounts'
import type { Artifacts } from './loadArtifacts'
import { amountForUsd, planPools } from './planPools'
import { seedPools } from './seedPools'
import type { ChainContracts } from './worldManifest'

/** Chain ids where CoW Protocol runs (see venues/cow.md); the sandbox deploys GPv2 there. */
export const cowChainIds: ReadonlySet<number> = new Set([1, 8453, 42161, 56, 43114])

/** Chains whose USDC is Circle's FiatTokenV2_2 (EIP-3009 for x402) and which carry the holder pass. */
export const accessChainIds: ReadonlySet<number> = new Set([8453])

export type DeployChainParameters = {
  definition: ChainDefinition
  clients: ChainClients
  contracts: SandboxContracts
  artifacts: Artifacts
  roles: { demoUser: Address; deployer: Address; solver: Address }
  /** Dev accounts that receive every curated token (worth `fundUsd` dollars each) and a pass. */
  fundedAccounts: readonly Address[]
  fundUsd?: bigint
}

/**
 * Builds one sandbox chain: Multicall3 at its canonical address, curated tokens at their real
 * addresses, Uniswap V2 with seeded pools, funded dev accounts and, where the chain has them, CoW
 * Protocol, Circle's USDC and the holder pass.
 * Returns the chain's contract addresses for the manifest.
 */
export async function deployChain({
  definition,
  clients,
  contracts,
  artifacts,
  roles,
  fundedAccounts,
  fundUsd = 1_000_000n,
}: DeployChainParameters): Promise<ChainContracts> {
  const chainId = definition.chainId!
  const { deployer } = roles
  const list = tokenLists[definition.symbol] ?? []
  const hasAccess = accessChainIds.has(chainId)
  const usdcAddress = list.find((token) => token.symbol === 'USDC')?.contract

  // Enough native coin to wrap every pool's and account's wrapped-native reserve.
  await clients.testClient.setBalance({ address: deployer, value: parseEther('1000000000') })
  // Wallets and the widget's token picker batch their balance reads through it, as on real chains.
  await deployMulticall3({ clients })

  const { wrappedNative, tokens } = await deployTokens({
    clients,
    contracts,
    artifacts,
    tokens: list,
    wrappedNativeFallback: {
      name: `Wrapped ${definition.nativeName}`,
      symbol: `W${definition.nativeSymbol}`,
    },
    fiatTokenAddresses: hasAccess && usdcAddress ? [usdcAddress] : [],
    deployer,
  })
  const { factory, router } = await deployUniswapV2({
    clients,
    artifacts,
    deployer,
    wrappedNative: wrappedNative.address,
  })

  const accountGrants: TokenGrant[] = tokens
    .filter((token) => list.some((listed) => getAddress(listed.contract) === token.address))
    .flatMap((token) => fundedAccounts.map((to) => ({ token, to, amount: amountForUsd(token, fundUsd) })))
  const pools = planPools({ tokens, wrappedNative, majorDepthUsd: majorPoolDepthUsd(definition.symbol) })
  const seeded = await seedPools({
    clients,
    contracts,
    artifacts,
    factory,
    deployer,
    tokens,
    pools,
    otherGrants: accountGrants,
  })

  const chainContracts: ChainContracts = {
    wrappedNative: wrappedNative.address,
    uniswapV2Factory: factory,
    uniswapV2Router: router,
    tokens: Object.fromEntries(list.map((token) => [token.symbol, getAddress(token.contract)])),
    uniswapV2Pairs: seeded,
  }
  if (chainId === 1) {
    const traps = await deployTrapTokens({
      clients,
      contracts,
      artifacts,
      factory,
      deployer,
      wrappedNative,
      fundedAccounts,
    })
    chainContracts.lookalikeUsdc = traps.lookalikeUsdc
    chainContracts.feeOnTransferToken = traps.feeOnTransferToken
    chainContracts.uniswapV2Pairs = [...seeded, ...traps.pools]
  }
  if (cowChainIds.has(chainId)) {
    const cow = await deployCow({ clients, artifacts, deployer, solvers: [roles.solver] })
    chainContracts.gpv2Settlement = cow.settlement
    chainContracts.gpv2VaultRelayer = cow.vaultRelayer
    chainContracts.gpv2Authenticator = cow.authenticator
    chainContracts.gpv2DomainSeparator = cow.domainSeparator
  }
  if (hasAccess) {
    if (usdcAddress) chainContracts.usdc = getAddress(usdcAddress)
    chainContracts.holderPass = await deployHolderPass({
      clients,
      contracts,
      owner: deployer,
      holders: [roles.demoUser],
    })
  }
  return chainContracts
}
