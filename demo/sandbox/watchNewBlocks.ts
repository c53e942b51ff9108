import { createPublicClient } from 'viem'
import { holdNodeSocket } from './nodeSocket'

export type WatchNewBlocksParameters = {
  /** The chain's JSON-RPC URL over HTTP; anvil answers WebSocket on the same port. */
  rpcUrl: string
  /** Called for every block the node announces and on every fallback tick; never awaited. */
  onBlock: () => void
  /** Also call `onBlock` this often, for a block mined before the subscription was in place. */
  fallbackMs: number
  /** The subscription failed (the fallback ticks go on). */
  onError?: (error: Error) => void
}

export type BlockWatch = { stop(): Promise<void> }

/**
 * Calls `onBlock` whenever the node mines a block, as the node announces it over WebSocket
 * (`eth_subscribe` to `newHeads`), and every `fallbackMs` besides. A watcher that polled
 * `eth_blockNumber` every 100 ms asked each chain ten times a second whether anything had
 * happened; with five chains and two watchers that was most of an idle sandbox's CPU, taken from
 * the API and the simulators in the same process.
 *
 * @example
 * const watch = watchNewBlocks({ rpcUrl, onBlock: () => void poll(), fallbackMs: 1_000 })
 * await watch.stop()
 */
export function watchNewBlocks({
  rpcUrl,
  onBlock,
  fallbackMs,
  onError,
}: WatchNewBlocksParameters): BlockWatch {
  const socket = holdNodeSocket(rpcUrl)
  const fallback = setInterval(onBlock, fallbackMs)
  // A WebSocket client subscribes (`eth_subscribe`) rather than polls.
  const unwatch = createPublicClient({ transport: socket.transport }).watchBlockNumber({
    onBlockNumber: () => onBlock(),
    onError: (error) => onError?.(error),
  })
  let stopping: Promise<void> | undefined
  return {
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(fallback)
        unwatch()
        await socket.release()
      })()),
  }
}
