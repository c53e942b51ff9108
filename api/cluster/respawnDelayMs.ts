/**
 * How long to wait before replacing a worker that died, given how many died within the last minute
 * (this one included): half a second for the first, doubling for each more, at most 30 s. A worker
 * that crashes at once on every start is then retried twice a minute instead of in a tight loop.
 *
 * @example
 * respawnDelayMs({ recentExits: 1 }) // 500
 * respawnDelayMs({ recentExits: 4 }) // 4_000
 */
export function respawnDelayMs({ recentExits }: { recentExits: number }): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, recentExits - 1))
}
