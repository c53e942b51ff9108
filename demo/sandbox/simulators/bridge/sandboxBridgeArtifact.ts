import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compileSolidity, type CompiledContract } from '../../contracts/compileSolidity'

const sourceUrl = new URL('./SandboxBridge.sol', import.meta.url)
const cacheDir = fileURLToPath(new URL('../../../../.sandbox/solc-cache', import.meta.url))

let compiled: CompiledContract | undefined

/** The compiled `SandboxBridge` (compiled once per process, cached on disk under `.sandbox/`). */
export function getSandboxBridgeArtifact(): CompiledContract {
  if (compiled) return compiled
  const source = readFileSync(sourceUrl, 'utf8')
  const contract = compileSolidity({ sources: { 'SandboxBridge.sol': source }, cacheDir }).SandboxBridge
  if (!contract) throw new Error('SandboxBridge missing from the compiler output')
  compiled = contract
  return contract
}
