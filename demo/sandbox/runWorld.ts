/**
 * Runs the sandbox chains until interrupted: `npx tsx demo/sandbox/runWorld.ts [manifestPath]`.
 * Prints one JSON line once the world is up (`{ manifestPath, pids, rpcUrls, timings }`) and stops it
 * cleanly on SIGINT or SIGTERM.
 */
import { startWorld } from './startWorld'

const world = await startWorld(process.argv[2] ? { manifestPath: process.argv[2] } : {})
const stop = () => {
  void world.stop().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
process.stdout.write(
  `${JSON.stringify({
    manifestPath: world.manifestPath,
    pids: Object.values(world.chains).map((chain) => chain.pid),
    rpcUrls: Object.fromEntries(Object.values(world.chains).map((chain) => [chain.symbol, chain.rpcUrl])),
    timings: world.timings,
  })}\n`,
)
