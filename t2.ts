import { startWorld } from './demo/sandbox/startWorld'
for (let i = 0; i < 2; i++) {
const world = await startWorld({ manifestPath: null })
console.log(world.timings.totalMs)
const t = Date.now()
await world.stop()
console.log('stop', Date.now() - t)
}
