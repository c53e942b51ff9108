import { encodePacked, getContractAddress, keccak256, type Address } from 'viem'
import { uniswapV2PairInitCodeHash } from './deployUniswapV2'

/** Orders two token addresses the way Uniswap V2 does (token0 is the numerically lower address). */
export function sortTokens(tokenA: Address, tokenB: Address): [Address, Address] {
  return BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
}

/**
 * The CREATE2 address of a Uniswap V2 pair, computed like `UniswapV2Library.pairFor` without any call,
 * so the sandbox can fund a pair in the same batch that creates it.
 */
export function getPairAddress({
  factory,
  tokenA,
  tokenB,
}: {
  factory: Address
  tokenA: Address
  tokenB: Address
}): Address {
  const [token0, token1] = sortTokens(tokenA, tokenB)
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: uniswapV2PairInitCodeHash,
  })
}
