/**
 * The gas limit a simulator states for a `SandboxSettler` transaction with `hops` pool swaps. It
 * has headroom on purpose: a pair's first swap in a new block also writes its price accumulators
 * (about 45k gas more per pool), so measured use varies between about 150k and 220k for one hop.
 */
export function estimateSettlerGas({ hops }: { hops: number }): bigint {
  return 160_000n + 140_000n * BigInt(Math.max(hops, 0))
}
