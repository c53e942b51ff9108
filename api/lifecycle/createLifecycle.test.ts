import { describe, expect, it } from 'vitest'
import { createLifecycle } from './createLifecycle'

describe('createLifecycle', () => {
  it('is draining from the first stop call, and stops parts last-added first, once', async () => {
    const stopped: string[] = []
    const lifecycle = createLifecycle()
    lifecycle.add('store', () => void stopped.push('store'))
    lifecycle.add('quote log', async () => void stopped.push('quote log'))
    lifecycle.add('http', () => {
      // Readiness must already read "draining" while requests drain.
      stopped.push(`http (draining: ${lifecycle.draining})`)
    })
    expect(lifecycle.draining).toBe(false)
    const first = lifecycle.stop()
    expect(lifecycle.stop()).toBe(first)
    await first
    expect(stopped).toEqual(['http (draining: true)', 'quote log', 'store'])
  })

  it('stops every part when one fails, reports it, and rejects with that failure', async () => {
    const stopped: string[] = []
    const reported: string[] = []
    const lifecycle = createLifecycle({ onPartError: (name) => reported.push(name) })
    lifecycle.add('chains', () => void stopped.push('chains'))
    lifecycle.add('simulators', () => Promise.reject(new Error('port already closed')))
    lifecycle.add('api', () => void stopped.push('api'))
    await expect(lifecycle.stop()).rejects.toThrow('port already closed')
    expect(stopped).toEqual(['api', 'chains'])
    expect(reported).toEqual(['simulators'])
  })
})
