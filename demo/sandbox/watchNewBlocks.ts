import { createPublicClient } from 'viem'
import { holdNodeSocket } from './nodeSocket'

export type WatchNewBlocksParameters = {
  /** The chain's JSON-RPC URL over HTTP; anvil answers WebSocket on the same port. */
  rpcUrl: string
  /** Reads what the new blocks hold. Never two at once; a block announced meanwhile runs it once more. */
  onBlock: () => Promise<void>
  /** Also run `onBlock` this often, for a block mined before the subscription was in place. */
  fallbackMs: number
  /** `onBlock` failed or the subscription did (the next block or tick runs it again). */
  onError: (error: unknown) => void
}

export type BlockWatch = {
  /** Stops watching, waits for a running `onBlock` and lets go of the socket. */
  stop(): Promise<void>
}

/**
 * Runs `onBlock` at once, whenever the node mines a block, as the node announces it over WebSocket
 * (`eth_subscribe` to `newHeads`), and every `fallbackMs` besides. A watcher that polled
 * `eth_blockNumber` every 100 ms asked each chain ten times a second whether anything had
 * happened; with five chains and two watchers that was most of an idle sandbox's CPU, taken from
 * the API and the simulators in the same process.
 *
 * @example
 * const watch = watchNewBlocks({ rpcUrl, onBlock: readDeposits, fallbackMs: 1_000, onError: console.error })
 * await watch.stop()
 */
export function watchNewBlocks({
  rpcUrl,
  onBlock,
  fallbackMs,
  onError,
}: WatchNewBlocksParameters): BlockWatch {
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = onBlock()
      .catch((error: unknown) => {
        if (!stopped) onError(error)
      })
      .finally(() => {
        running = undefined
        if (!again) return
        again = false
        run()
      })
  }
  const socket = holdNodeSocket(rpcUrl)
  const fallback = setInterval(run, fallbackMs)
  // A WebSocket client subscribes (`eth_subscribe`) rather than polls.
  const unwatch = createPublicClient({ transport: socket.subscriptions }).watchBlockNumber({
    onBlockNumber: run,
    onError: (error) => {
      if (!stopped) onError(error)
    },
  })
  run()
  let stopping: Promise<void> | undefined
  return {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true
        clearInterval(fallback)
        unwatch()
        while (running) await running
        await socket.release()
      })()),
  }
}
