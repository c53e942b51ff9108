import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

/** A compiled contract: ABI plus creation and runtime bytecode. */
export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

export type CompileSolidityParameters = {
  /** Source files by name, e.g. `{ 'Token.sol': '...' }`. Imports of `@openzeppelin/...` resolve from npm. */
  sources: Record<string, string>
  /** Directory for the compile cache (keyed by a hash of the sources); omit to skip caching. */
  cacheDir?: string
}

/**
 * Compiles Solidity with the npm `solc` package's bundled compiler (offline; it never downloads
 * another version). Results are cached on disk by a hash of the inputs, because a compile takes
 * seconds and the world starts often; a cache hit does not even load the compiler.
 *
 * @example
 * const { Token } = compileSolidity({ sources: { 'Token.sol': source } })
 */
export function compileSolidity({
  sources,
  cacheDir,
}: CompileSolidityParameters): Record<string, CompiledContract> {
  // The npm solc package bundles exactly its own version's compiler, so its package version keys the
  // cache; loading the compiler itself takes about two seconds, which a cache hit skips.
  const { version } = require('solc/package.json') as { version: string }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const key = createHash('sha256').update(version).update(JSON.stringify(input)).digest('hex').slice(0, 24)
  const cacheFile = cacheDir ? join(cacheDir, `solc-${key}.json`) : undefined
  if (cacheFile && existsSync(cacheFile)) {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, CompiledContract>
  }

  const solc = require('solc') as { compile(input: string, options?: unknown): string }
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `import not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<
      string,
      Record<
        string,
        { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
      >
    >
  }
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((error) => error.formattedMessage).join('\n')}`)

  const result: Record<string, CompiledContract> = {}
  for (const file of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
      result[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      }
    }
  }
  if (cacheFile) {
    mkdirSync(dirname(cacheFile), { recursive: true })
    // Written beside and renamed, so a concurrent world start never reads a half-written file.
    const partial = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(partial, JSON.stringify(result))
    renameSync(partial, cacheFile)
  }
  return result
}
