import { defineChain } from 'viem'
import type { Chain } from 'viem'
import { chainDefinitions } from '../../shared/chains'

/**
 * The registry's EVM chains as viem `Chain`s, for the wallet connectors: Ethereum first (wagmi's
 * mock connector starts on the first chain). No RPC URLs: reads go through the wallet, never here.
 */
export function walletChains(): [Chain, ...Chain[]] {
  const chains: Chain[] = chainDefinitions.flatMap((chain) =>
    chain.type === 'evm' && chain.chainId !== undefined
      ? [
          defineChain({
            id: chain.chainId,
            name: chain.name,
            nativeCurrency: { name: chain.nativeName, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals },
            rpcUrls: { default: { http: [] } },
            blockExplorers: { default: { name: chain.name, url: chain.explorerUrl } },
          }),
        ]
      : [],
  )
  return chains as [Chain, ...Chain[]]
}
