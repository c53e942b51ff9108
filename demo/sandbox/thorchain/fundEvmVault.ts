import {
  parseAbi,
  type Address,
  type Chain,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem'
import { fromThorAmount, type ThorAsset } from './assets/thorAssets'
import type { ThorPools } from './pools/createThorPools'

const mintAbi = parseAbi([
  'function mintBatch(address[] recipients, uint256[] amounts)',
  'function mint(address to, uint256 amount) returns (bool)',
])

/**
 * Gives the EVM vault what it pays out from: native coin worth its pool's depth plus gas, and each
 * listed token worth its pool's depth, minted by the world's deployer (the sandbox tokens' minter;
 * Circle's USDC on Base takes `mint`, the sandbox ERC-20s `mintBatch`).
 */
export async function fundEvmVault({
  chain,
  publicClient,
  walletClient,
  testClient,
  deployer,
  vault,
  assets,
  pools,
}: {
  chain: Chain
  publicClient: PublicClient
  walletClient: WalletClient
  testClient: TestClient
  deployer: Address
  vault: Address
  assets: readonly ThorAsset[]
  pools: ThorPools
}): Promise<void> {
  for (const asset of assets) {
    const depth = fromThorAmount(pools.get(asset.asset)?.assetDepth ?? 0n, asset.decimals)
    if (!asset.contract) {
      await testClient.setBalance({ address: vault, value: depth + 10n ** 21n })
      continue
    }
    const send = async (functionName: 'mintBatch' | 'mint') => {
      const args = functionName === 'mintBatch' ? ([[vault], [depth]] as const) : ([vault, depth] as const)
      const hash = await walletClient.writeContract({
        address: asset.contract!,
        abi: mintAbi,
        functionName,
        args: args as never,
        account: deployer,
        chain,
        gas: 500_000n,
      })
      return (await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })).status === 'success'
    }
    if (!(await send('mintBatch')) && !(await send('mint'))) {
      throw new Error(`could not mint ${asset.asset} for the THORChain vault`)
    }
  }
}
