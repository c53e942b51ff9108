import type { Chain } from 'viem'
import { chainDefinitions } from '../../shared/chains'

/**
 * The registry's EVM chains as viem `Chain`s, for the wallet connectors: Ethereum first (wagmi's
 * mock connector starts on the first chain). No RPC URLs: reads go through the wallet, never here.
 * Plain objects rather than viem's `defineChain`, so this chunk imports nothing from viem's index.
 */
export function walletChains(): [Chain, ...Chain[]] {
  const chains: Chain[] = chainDefinitions.flatMap((chain) =>
    chain.type === 'evm' && chain.chainId !== undefined
      ? [
          {
            id: chain.chainId,
            name: chain.name,
            nativeCurrency: {
              name: chain.nativeName,
              symbol: chain.nativeSymbol,
              decimals: chain.nativeDecimals,
            },
            rpcUrls: { default: { http: [] } },
            blockExplorers: { default: { name: chain.name, url: chain.explorerUrl } },
          },
        ]
      : [],
  )
  return chains as [Chain, ...Chain[]]
}
