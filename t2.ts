import { startWorld } from './demo/sandbox/startWorld'
const world = await startWorld({ manifestPath: null })
console.log(world.timings)
console.log(JSON.stringify(world.manifest.chains.BASE, null, 1).slice(0, 3000))
await world.stop()
