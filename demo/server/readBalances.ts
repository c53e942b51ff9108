import { erc20Abi, type Address, type PublicClient } from 'viem'
import { findChain, formatAmount } from '../../shared'
import { listTokens } from '../../shared/tokens'

/** One balance: the asset's symbol and CAIP id, and the amount in human units (an exact decimal string). */
export type SandboxBalance = { symbol: string; caip: string; amount: string }

/** The balances of one address on one sandbox chain. */
export type SandboxChainBalances = {
  symbol: string
  chainId: number
  name: string
  balances: SandboxBalance[]
}

export type ReadBalancesParameters = {
  /** Each sandbox chain's symbol, chain id and public client. */
  chains: readonly { symbol: string; chainId: number; publicClient: PublicClient }[]
  address: Address
}

/**
 * Reads `address`'s native balance and its balance of every curated token on each sandbox chain, and
 * formats them exactly (base units through `formatAmount`, never a float).
 *
 * @example
 * const chains = await readBalances({ chains: Object.values(world.chains), address: world.accounts[0].address })
 * chains[0] // { symbol: 'ETH', chainId: 1, name: 'Ethereum', balances: [{ symbol: 'ETH', amount: '9999.98', ... }, ...] }
 */
export async function readBalances({
  chains,
  address,
}: ReadBalancesParameters): Promise<SandboxChainBalances[]> {
  return Promise.all(
    chains.map(async ({ symbol, chainId, publicClient }) => {
      const definition = findChain(symbol)
      if (!definition) throw new Error(`sandbox chain ${symbol} is not in the registry`)
      const balances = await Promise.all(
        listTokens(definition).map(async (token) => {
          const value = token.contract
            ? await publicClient.readContract({
                address: token.contract as Address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
              })
            : await publicClient.getBalance({ address })
          return {
            symbol: token.symbol,
            caip: token.caip,
            amount: formatAmount({ value, decimals: token.decimals ?? definition.nativeDecimals }),
          }
        }),
      )
      return { symbol, chainId, name: definition.name, balances }
    }),
  )
}
