import { keccak256, type Address, type Hex } from 'viem'
import type { ChainClients } from './createChainClients'
import type { Artifacts } from './loadArtifacts'

/**
 * The pair init-code hash that `UniswapV2Library.pairFor` in Router02 hard-codes. Pair addresses are
 * CREATE2-derived with it, so the router only finds pairs whose creation code hashes to exactly this.
 */
export const uniswapV2PairInitCodeHash: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/**
 * Throws unless keccak256 of the installed v2-core `UniswapV2Pair` creation code equals the hash the
 * router hard-codes; a mismatch would make every router quote revert with empty data (no pair found).
 */
export function assertPairInitCodeHash(artifacts: Pick<Artifacts, 'uniswapV2Pair'>): void {
  const actual = keccak256(artifacts.uniswapV2Pair.bytecode)
  if (actual !== uniswapV2PairInitCodeHash) {
    throw new Error(
      `UniswapV2Pair init code hash ${actual} differs from the ${uniswapV2PairInitCodeHash} hard-coded in Router02: ` +
        'the installed @uniswap/v2-core artifact cannot be used with the @uniswap/v2-periphery router',
    )
  }
}

const pickCode = ({ abi, bytecode }: { abi: Artifacts['uniswapV2Factory']['abi']; bytecode: Hex }) => ({
  abi,
  bytecode,
})

export type DeployUniswapV2Parameters = {
  clients: ChainClients
  artifacts: Artifacts
  deployer: Address
  wrappedNative: Address
}

/** Deploys a fresh Uniswap V2 factory and Router02 (the router's factory and WETH are immutables). */
export async function deployUniswapV2({
  clients,
  artifacts,
  deployer,
  wrappedNative,
}: DeployUniswapV2Parameters) {
  assertPairInitCodeHash(artifacts)
  const { uniswapV2Factory, uniswapV2Router02 } = artifacts
  const factory = await clients.deploy({ account: deployer, ...pickCode(uniswapV2Factory), args: [deployer] })
  const router = await clients.deploy({
    account: deployer,
    ...pickCode(uniswapV2Router02),
    args: [factory, wrappedNative],
  })
  return { factory, router }
}
