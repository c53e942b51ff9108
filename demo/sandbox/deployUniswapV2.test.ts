import { keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { assertPairInitCodeHash, uniswapV2PairInitCodeHash } from './deployUniswapV2'
import { loadArtifacts } from './loadArtifacts'

describe('assertPairInitCodeHash', () => {
  it('accepts the installed v2-core pair, whose creation code hashes to the router-hard-coded 0x96e8ac42...', () => {
    const artifacts = loadArtifacts()
    expect(keccak256(artifacts.uniswapV2Pair.bytecode)).toBe(uniswapV2PairInitCodeHash)
    expect(uniswapV2PairInitCodeHash).toBe(
      '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
    )
    expect(() => assertPairInitCodeHash(artifacts)).not.toThrow()
  })

  it('fails loudly when the pair bytecode would not match the router', () => {
    const { uniswapV2Pair } = loadArtifacts()
    const tampered = { uniswapV2Pair: { ...uniswapV2Pair, bytecode: `${uniswapV2Pair.bytecode}00` as const } }
    expect(() => assertPairInitCodeHash(tampered)).toThrow(/init code hash .* differs/)
  })
})
