import { describe, expect, it } from 'vitest'
import { FIRST_RETRY_DELAY_MS, getRetryDelayMs, MAX_RETRY_DELAY_MS } from './getRetryDelayMs'

describe('getRetryDelayMs', () => {
  it('doubles the wait after each failed retry', () => {
    expect([0, 1, 2, 3].map(getRetryDelayMs)).toEqual([2000, 4000, 8000, 16_000])
    expect(getRetryDelayMs(2)).toBe(FIRST_RETRY_DELAY_MS * 2 ** 2)
  })

  it('never waits longer than 30 s, however many retries failed', () => {
    expect(getRetryDelayMs(4)).toBe(MAX_RETRY_DELAY_MS)
    expect(getRetryDelayMs(1000)).toBe(30_000)
  })
})
