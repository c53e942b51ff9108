/** Settings of the direct Uniswap-V2-style router venue. */
export type RouterVenueOptions = {
  /** JSON-RPC URL of the chain (may carry a provider key: it never appears in messages). */
  rpcUrl: string
  /** The Router02-compatible contract. */
  routerAddress: `0x${string}`
  /** EVM chain id served; default 4663 (RHD), the only chain the contract prices this way. */
  chainId?: number | undefined
  /** Slippage when the request names none, basis points; default 50 (0.5 %). */
  defaultSlippageBps?: number | undefined
  /** Seconds from the latest block until the swap's deadline; default 1200. */
  deadlineSeconds?: number | undefined
}
