import { concat, encodeAbiParameters, getAddress, pad, stringToHex, type Address, type Hex } from 'viem'
import type { ChainClients } from './createChainClients'
import type { Artifacts } from './loadArtifacts'

/** Arachnid's deterministic CREATE2 deployer, which anvil pre-deploys like every public chain has it. */
export const create2Deployer: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** The salt CoW used for its deterministic deployments (`@cowprotocol/contracts` `SALT`). */
export const cowDeploymentSalt: Hex = pad(stringToHex('Mattresses in Berlin!'), { dir: 'right' })

/** CoW's production addresses, the same on every chain it serves. */
export const cowAddresses = {
  settlement: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41',
  vaultRelayer: '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110',
  authenticator: '0x2c4c28DDBdAc9C5E7055b4C863b72eA0149D8aFE',
} as const satisfies Record<string, Address>

export type DeployCowParameters = {
  clients: ChainClients
  artifacts: Pick<Artifacts, 'gpv2Settlement' | 'gpv2AllowListAuthentication'>
  /** Becomes the authenticator's manager. */
  deployer: Address
  /** Accounts allowed to call `settle`. */
  solvers: readonly Address[]
}

/** Where CoW Protocol lives on a sandbox chain. */
export type CowDeployment = {
  settlement: Address
  vaultRelayer: Address
  authenticator: Address
  domainSeparator: Hex
}

/**
 * Deploys CoW Protocol at its real addresses. GPv2Settlement is created exactly as in production,
 * through the CREATE2 deployer with CoW's salt and the mainnet constructor arguments, so it lands at
 * 0x9008...ab41 and its constructor creates the vault relayer at 0xC92E...0110 with the right
 * immutables (a bare `anvil_setCode` could not move those). The authenticator's implementation code is
 * placed at the production proxy address, its manager set to the deployer and the solvers allowed.
 * The Balancer vault address has no code; orders that use plain ERC-20 balances never touch it.
 */
export async function deployCow({
  clients,
  artifacts,
  deployer,
  solvers,
}: DeployCowParameters): Promise<CowDeployment> {
  const { publicClient, testClient } = clients
  const { gpv2Settlement: settlement, gpv2AllowListAuthentication: authentication } = artifacts

  const authenticator = getAddress(cowAddresses.authenticator)
  await testClient.setCode({ address: authenticator, bytecode: authentication.deployedBytecode })
  const manage = (functionName: string, args: readonly unknown[]) =>
    clients.write({ account: deployer, address: authenticator, abi: authentication.abi, functionName, args })
  await manage('initializeManager', [deployer])
  for (const solver of solvers) await manage('addSolver', [solver])

  const [authenticatorArg, vaultArg] = (settlement.args ?? []) as Address[]
  if (!authenticatorArg || !vaultArg)
    throw new Error('GPv2Settlement deployment file has no constructor arguments')
  const initCode = concat([
    settlement.bytecode,
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [authenticatorArg, vaultArg]),
  ])
  await clients.send({ account: deployer, to: create2Deployer, data: concat([cowDeploymentSalt, initCode]) })
  const read = (functionName: 'vaultRelayer' | 'domainSeparator') =>
    publicClient.readContract({
      address: cowAddresses.settlement,
      abi: settlement.abi,
      functionName,
    }) as Promise<Hex>
  const [vaultRelayer, domainSeparator] = await Promise.all([read('vaultRelayer'), read('domainSeparator')])
  if (getAddress(vaultRelayer) !== getAddress(cowAddresses.vaultRelayer)) {
    throw new Error(
      `GPv2Settlement created its vault relayer at ${vaultRelayer}, not ${cowAddresses.vaultRelayer}`,
    )
  }
  return {
    settlement: getAddress(cowAddresses.settlement),
    vaultRelayer: getAddress(vaultRelayer),
    authenticator,
    domainSeparator,
  }
}
