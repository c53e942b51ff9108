import { describe, expect, it } from 'vitest'
import type { SwapStatus } from '../../shared/schemas'
import type { DelayTimers } from './delay'
import { pollSwapStatus } from './pollSwapStatus'

/** Timers that run at once and remember each wait asked for. */
function recordingTimers(): DelayTimers & { waits: number[] } {
  const waits: number[] = []
  return {
    waits,
    setTimeout: (run, ms) => {
      waits.push(ms)
      queueMicrotask(run)
      return run
    },
    clearTimeout: () => undefined,
  }
}

const answer = (state: SwapStatus['state']): SwapStatus => ({
  quoteId: 'q_12345678',
  provider: '0x',
  state,
  updatedAt: '2030-01-01T00:00:00.000Z',
})

describe('pollSwapStatus', () => {
  it('backs off from 3 s to 15 s, retries failed polls, and returns the final status', async () => {
    const timers = recordingTimers()
    const script: (SwapStatus | Error)[] = [
      answer('pending'),
      new Error('network'),
      new Error('network'),
      answer('pending'),
      answer('pending'),
      answer('pending'),
      answer('delivered'),
    ]
    const seen: string[] = []
    const final = await pollSwapStatus({
      status: async () => {
        const next = script.shift()!
        if (next instanceof Error) throw next
        return next
      },
      quoteId: 'q_12345678',
      hash: () => '0xabc',
      timers,
      signal: new AbortController().signal,
      active: () => true,
      onStatus: (status) => seen.push(status.state),
    })
    expect(final?.state).toBe('delivered')
    expect(seen).toEqual(['pending', 'pending', 'pending', 'pending', 'delivered'])
    expect(timers.waits).toEqual([3000, 3000, 4500, 6750, 10125, 15000, 15000])
  })

  it('stops, without a status, once the element has left the page', async () => {
    const final = await pollSwapStatus({
      status: async () => answer('pending'),
      quoteId: 'q_12345678',
      hash: () => undefined,
      timers: recordingTimers(),
      signal: new AbortController().signal,
      active: () => false,
      onStatus: () => undefined,
    })
    expect(final).toBeUndefined()
  })
})
