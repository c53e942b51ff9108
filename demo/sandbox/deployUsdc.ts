import { getAddress, maxUint256, type Address, type Hex } from 'viem'
import type { ChainClients } from './createChainClients'
import type { Artifacts } from './loadArtifacts'

export type DeployUsdcParameters = {
  clients: ChainClients
  artifacts: Pick<Artifacts, 'fiatTokenV2_2' | 'signatureChecker'>
  /** The real USDC address on the chain (Base: 0x8335...2913). */
  address: Address
  /** Owner, master minter, pauser and blacklister; configured as an unlimited minter. */
  deployer: Address
}

/** Patches a library address into every link slot of linked bytecode. */
function linkLibrary(code: Hex, slots: { start: number; length: number }[], library: Address): Hex {
  let hex = code.slice(2)
  for (const { start, length } of slots) {
    hex = hex.slice(0, start * 2) + library.slice(2).toLowerCase() + hex.slice((start + length) * 2)
  }
  return `0x${hex}`
}

/**
 * Places Circle's real FiatTokenV2_2 (USDC, with EIP-3009 `transferWithAuthorization`) at `address`:
 * deploys its `SignatureChecker` library, links it into the runtime code, `anvil_setCode`s that code
 * and runs the four initializers, so `name()` is "USD Coin" and `version()` is "2" as x402 expects.
 * The deployer ends up an unlimited minter; balances are minted by `fundAccounts`.
 */
export async function deployUsdc({
  clients,
  artifacts,
  address,
  deployer,
}: DeployUsdcParameters): Promise<Address> {
  const { fiatTokenV2_2: fiatToken, signatureChecker } = artifacts
  const library = await clients.deploy({
    account: deployer,
    abi: signatureChecker.abi,
    bytecode: signatureChecker.bytecode,
  })
  const slots = Object.values(fiatToken.deployedLinkReferences).flatMap((byName) =>
    Object.values(byName).flat(),
  )
  if (slots.length === 0) throw new Error('FiatTokenV2_2 artifact has no SignatureChecker link slots')
  await clients.testClient.setCode({
    address,
    bytecode: linkLibrary(fiatToken.deployedBytecode, slots, library),
  })

  const write = (functionName: string, args: readonly unknown[]) =>
    clients.write({ account: deployer, address, abi: fiatToken.abi, functionName, args })
  await write('initialize', ['USD Coin', 'USDC', 'USD', 6, deployer, deployer, deployer, deployer])
  await write('initializeV2', ['USD Coin'])
  await write('initializeV2_1', [deployer])
  await write('initializeV2_2', [[], 'USDC'])
  await write('configureMinter', [deployer, maxUint256])
  return getAddress(address)
}
