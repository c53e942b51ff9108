import { EventEmitter as Original } from 'eventemitter3'
import { describe, expect, it } from 'vitest'
import { EventEmitter } from './wagmiEventEmitter'

type Emitter = Pick<Original, 'on' | 'once' | 'off' | 'emit' | 'listenerCount'>

/**
 * Runs `script` on an emitter and returns what happened, in order: each listener call with its
 * arguments, each `emit`'s result and the listener counts at the end.
 */
function record(emitter: Emitter, script: (emitter: Emitter, log: (entry: string) => void) => void) {
  const entries: string[] = []
  script(emitter, (entry) => entries.push(entry))
  entries.push(`counts ${['change', 'connect', 'disconnect'].map((e) => emitter.listenerCount(e)).join(',')}`)
  return entries
}

// The calls wagmi's `Emitter` makes (on, once, off, emit with one payload, listenerCount), in the orders
// its connectors and `createConfig` make them, and the edge cases of removing during an emit.
const scripts: Record<string, (emitter: Emitter, log: (entry: string) => void) => void> = {
  'listeners run in the order they were added, with the payload': (emitter, log) => {
    emitter.on('change', (data) => log(`a ${JSON.stringify(data)}`))
    emitter.on('change', (data) => log(`b ${JSON.stringify(data)}`))
    log(`emit ${emitter.emit('change', { uid: 'x', accounts: ['0x1'] })}`)
    log(`emit ${emitter.emit('connect', { uid: 'x' })}`)
  },
  'a once listener runs once, and is gone before it runs': (emitter, log) => {
    emitter.once('connect', () => log(`once, ${emitter.listenerCount('connect')} left`))
    emitter.on('connect', () => log('on'))
    emitter.emit('connect', {})
    emitter.emit('connect', {})
  },
  'off removes every listener with that function, and only for that event': (emitter, log) => {
    const listener = () => log('listener')
    emitter.on('change', listener)
    emitter.on('change', listener)
    emitter.on('disconnect', listener)
    emitter.on('change', () => log('other'))
    emitter.off('change', listener)
    emitter.emit('change', {})
    emitter.emit('disconnect', {})
  },
  'an emit calls the listeners there were when it began': (emitter, log) => {
    const late = () => log('late')
    const second = () => log('second')
    emitter.on('change', () => {
      log('first')
      emitter.off('change', second)
      emitter.on('change', late)
    })
    emitter.on('change', second)
    emitter.emit('change', {})
    emitter.emit('change', {})
  },
  'a once listener that emits again is not run twice': (emitter, log) => {
    emitter.once('change', () => {
      log('once')
      emitter.emit('change', {})
    })
    emitter.emit('change', {})
  },
  'off without a function removes the event, off of an unknown one does nothing': (emitter, log) => {
    emitter.on('change', () => log('gone'))
    emitter.off('change')
    emitter.off('connect', () => undefined)
    log(`emit ${emitter.emit('change', {})}`)
  },
}

describe('the event emitter the widget build gives wagmi', () => {
  for (const [name, script] of Object.entries(scripts)) {
    it(`behaves as eventemitter3: ${name}`, () => {
      const expected = record(new Original(), script)
      expect(record(new EventEmitter() as unknown as Emitter, script)).toEqual(expected)
      expect(expected.length).toBeGreaterThan(1)
    })
  }
})
