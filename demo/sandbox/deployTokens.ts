import { getAddress, type Address } from 'viem'
import type { TokenDefinition } from '../../shared/tokens'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'
import { deployUsdc } from './deployUsdc'
import type { Artifacts } from './loadArtifacts'

/** How a sandbox token is minted: our ERC-20, a WETH9-style wrapper, or Circle's FiatToken. */
export type SandboxTokenKind = 'erc20' | 'wrappedNative' | 'fiatToken'

/** A token placed on a sandbox chain. */
export type DeployedToken = {
  symbol: string
  name: string
  decimals: number
  address: Address
  kind: SandboxTokenKind
}

export type DeployTokensParameters = {
  clients: ChainClients
  contracts: SandboxContracts
  artifacts: Artifacts
  /** The chain's curated list; each token goes to its real mainnet address. */
  tokens: readonly TokenDefinition[]
  /** Used when the list has no wrapped native (a fresh WrappedNative is deployed). */
  wrappedNativeFallback: { name: string; symbol: string }
  /** Addresses that get Circle's FiatTokenV2_2 instead of our ERC-20 (Base USDC, for x402). */
  fiatTokenAddresses?: readonly Address[]
  deployer: Address
}

/**
 * Places every curated token of a chain at its real address with `anvil_setCode` and initialises its
 * name, symbol and decimals from the list (no constructor runs on set code). The deployer becomes the
 * minter. Returns the tokens, the wrapped native first.
 */
export async function deployTokens({
  clients,
  contracts,
  artifacts,
  tokens,
  wrappedNativeFallback,
  fiatTokenAddresses = [],
  deployer,
}: DeployTokensParameters): Promise<{ wrappedNative: DeployedToken; tokens: DeployedToken[] }> {
  const { testClient } = clients
  const fiat = new Set(fiatTokenAddresses.map((address) => address.toLowerCase()))
  const deployed: DeployedToken[] = []
  for (const token of tokens) {
    const address = getAddress(token.contract)
    const base = { symbol: token.symbol, name: token.name, decimals: token.decimals, address }
    if (token.wrapsNative) {
      const { abi, deployedBytecode } = contracts.WrappedNative
      await testClient.setCode({ address, bytecode: deployedBytecode })
      await clients.write({
        account: deployer,
        address,
        abi,
        functionName: 'initialize',
        args: [token.name, token.symbol],
      })
      deployed.push({ ...base, kind: 'wrappedNative' })
    } else if (fiat.has(address.toLowerCase())) {
      if (token.decimals !== 6 || token.symbol !== 'USDC')
        throw new Error(`FiatToken only stands in for USDC, not ${token.symbol}`)
      await deployUsdc({ clients, artifacts, address, deployer })
      deployed.push({ ...base, kind: 'fiatToken' })
    } else {
      const { abi, deployedBytecode } = contracts.SandboxToken
      await testClient.setCode({ address, bytecode: deployedBytecode })
      await clients.write({
        account: deployer,
        address,
        abi,
        functionName: 'initialize',
        args: [token.name, token.symbol, token.decimals, deployer],
      })
      deployed.push({ ...base, kind: 'erc20' })
    }
  }

  let wrappedNative = deployed.find((token) => token.kind === 'wrappedNative')
  if (!wrappedNative) {
    const { abi, bytecode } = contracts.WrappedNative
    const address = await clients.deploy({ account: deployer, abi, bytecode })
    await clients.write({
      account: deployer,
      address,
      abi,
      functionName: 'initialize',
      args: [wrappedNativeFallback.name, wrappedNativeFallback.symbol],
    })
    wrappedNative = { ...wrappedNativeFallback, decimals: 18, address, kind: 'wrappedNative' }
    deployed.push(wrappedNative)
  }
  return { wrappedNative, tokens: [wrappedNative, ...deployed.filter((token) => token !== wrappedNative)] }
}
