import { parseAbi, type Address } from 'viem'
import type { SandboxContracts } from './contracts/compileSandboxContracts'
import type { ChainClients } from './createChainClients'
import type { DeployedToken } from './deployTokens'
import { fundAccounts, type TokenGrant } from './fundAccounts'
import { getPairAddress, sortTokens } from './getPairAddress'
import type { Artifacts } from './loadArtifacts'
import type { PoolPlan } from './planPools'

const factoryAbi = parseAbi(['function createPair(address tokenA, address tokenB) returns (address pair)'])
const pairAbi = parseAbi(['function mint(address to) returns (uint256 liquidity)'])

/** A seeded pool: its pair address and tokens in Uniswap's order. */
export type SeededPool = { pair: Address; token0: Address; token1: Address }

export type SeedPoolsParameters = {
  clients: ChainClients
  contracts: SandboxContracts
  artifacts: Artifacts
  factory: Address
  deployer: Address
  /** Tokens by address, to know how each is minted. */
  tokens: readonly DeployedToken[]
  pools: readonly PoolPlan[]
  /** Other grants (dev account balances) to mint in the same batch as the pools' reserves. */
  otherGrants?: readonly TokenGrant[]
}

/**
 * Creates each planned pair, mints its reserves straight into the pair (with any other grants in the
 * same per-token batch) and calls the pair's `mint`, which books the reserves; the deployer keeps the LP.
 */
export async function seedPools({
  clients,
  contracts,
  artifacts,
  factory,
  deployer,
  tokens,
  pools,
  otherGrants = [],
}: SeedPoolsParameters): Promise<SeededPool[]> {
  const tokenAt = (address: Address) => {
    const token = tokens.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase())
    if (!token) throw new Error(`seedPools: ${address} is not a deployed token`)
    return token
  }
  const seeded: SeededPool[] = []
  const grants: TokenGrant[] = [...otherGrants]
  for (const pool of pools) {
    const { tokenA, tokenB } = pool
    await clients.write({
      account: deployer,
      address: factory,
      abi: factoryAbi,
      functionName: 'createPair',
      args: [tokenA.address, tokenB.address],
    })
    const pair = getPairAddress({ factory, tokenA: tokenA.address, tokenB: tokenB.address })
    const [token0, token1] = sortTokens(tokenA.address, tokenB.address)
    seeded.push({ pair, token0, token1 })
    grants.push({ token: tokenAt(tokenA.address), to: pair, amount: pool.amountA })
    grants.push({ token: tokenAt(tokenB.address), to: pair, amount: pool.amountB })
  }
  await fundAccounts({ clients, contracts, artifacts, deployer, grants })
  for (const { pair } of seeded) {
    await clients.write({
      account: deployer,
      address: pair,
      abi: pairAbi,
      functionName: 'mint',
      args: [deployer],
    })
  }
  return seeded
}
