import { readFileSync } from 'node:fs'
import {
  getAddress,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { defaultCacheDir } from '../contracts/compileSandboxContracts'
import { compileSolidity, type CompiledContract } from '../contracts/compileSolidity'

/** Compiles the sandbox THORChain router (`contracts/THORChainRouter.sol`), from the disk cache when possible. */
export function compileThorchainRouter({
  cacheDir = defaultCacheDir,
}: { cacheDir?: string } = {}): CompiledContract {
  const source = readFileSync(new URL('./contracts/THORChainRouter.sol', import.meta.url), 'utf8')
  const router = compileSolidity({ sources: { 'THORChainRouter.sol': source }, cacheDir }).THORChain_Router
  if (!router) throw new Error('THORChain_Router missing from the solc output')
  return router
}

/**
 * Deploys the THORChain router on one chain from `account` (a local key) and returns its address.
 *
 * @example
 * const router = await deployThorchainRouter({ publicClient, walletClient, account, chain, compiled })
 */
export async function deployThorchainRouter({
  publicClient,
  walletClient,
  account,
  chain,
  compiled,
}: {
  publicClient: PublicClient
  walletClient: WalletClient
  account: Account
  chain: Chain
  compiled: CompiledContract
}): Promise<Address> {
  const hash = await walletClient.deployContract({
    abi: compiled.abi,
    bytecode: compiled.bytecode,
    account,
    chain,
    gas: 3_000_000n,
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`THORChain router deployment ${hash} failed`)
  return getAddress(receipt.contractAddress)
}
