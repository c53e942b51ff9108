import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compileSolidity, type CompiledContract } from './compileSolidity'

const contractFiles = [
  'SandboxToken.sol',
  'WrappedNative.sol',
  'HolderPass.sol',
  'FeeOnTransferToken.sol',
] as const

/** The sandbox's own contracts, compiled once and then served from the disk cache. */
export type SandboxContracts = {
  SandboxToken: CompiledContract
  WrappedNative: CompiledContract
  HolderPass: CompiledContract
  /** A `SandboxToken` that burns a share of every transfer (the sandbox's fee-on-transfer token). */
  FeeOnTransferToken: CompiledContract
}

/** Default compile cache: `.sandbox/cache` at the repository root (git-ignored). */
export const defaultCacheDir = fileURLToPath(new URL('../../../.sandbox/cache', import.meta.url))

/**
 * Compiles `SandboxToken`, `WrappedNative`, `HolderPass` and `FeeOnTransferToken` from the `.sol` files beside this module.
 * The first compile takes a few seconds; later ones hit the cache in `cacheDir`.
 */
export function compileSandboxContracts({
  cacheDir = defaultCacheDir,
}: { cacheDir?: string } = {}): SandboxContracts {
  const sources = Object.fromEntries(
    contractFiles.map((file) => [file, readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')]),
  )
  const compiled = compileSolidity({ sources, cacheDir })
  const pick = (name: keyof SandboxContracts) => {
    const contract = compiled[name]
    if (!contract) throw new Error(`sandbox contract ${name} missing from the solc output`)
    return contract
  }
  return {
    SandboxToken: pick('SandboxToken'),
    WrappedNative: pick('WrappedNative'),
    HolderPass: pick('HolderPass'),
    FeeOnTransferToken: pick('FeeOnTransferToken'),
  }
}
