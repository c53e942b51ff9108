import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compileSolidity, type CompiledContract } from '../../contracts/compileSolidity'

const sourceUrl = new URL('../contracts/SandboxSettler.sol', import.meta.url)
const cacheDir = fileURLToPath(new URL('../../../../.sandbox/solc-cache', import.meta.url))

let compiled: CompiledContract | undefined

/** The compiled `SandboxSettler` (compiled once per process, cached on disk under `.sandbox/`). */
export function getSandboxSettlerArtifact(): CompiledContract {
  if (compiled) return compiled
  const source = readFileSync(sourceUrl, 'utf8')
  const contract = compileSolidity({ sources: { 'SandboxSettler.sol': source }, cacheDir }).SandboxSettler
  if (!contract) throw new Error('SandboxSettler missing from the compiler output')
  compiled = contract
  return contract
}
