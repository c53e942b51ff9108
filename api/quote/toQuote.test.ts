import { describe, expect, it } from 'vitest'
import { getExpiresAtMs } from './toQuote'

const now = Date.UTC(2026, 10, 22, 12, 0, 0)

describe('getExpiresAtMs', () => {
  it("keeps a venue's own expiry when it lies ahead and within a day", () => {
    expect(getExpiresAtMs(now + 30_000, now)).toBe(now + 30_000)
  })

  it('defaults to 60 s after issue when the venue states none', () => {
    expect(getExpiresAtMs(undefined, now)).toBe(now + 60_000)
  })

  it('never issues a quote that is already expired, or one that practically never expires', () => {
    expect(getExpiresAtMs(1_000, now)).toBe(now + 60_000)
    expect(getExpiresAtMs(now, now)).toBe(now + 60_000)
    // A venue that sent milliseconds where seconds were expected, multiplied again.
    expect(getExpiresAtMs((now + 30_000) * 1_000, now)).toBe(now + 60_000)
    expect(getExpiresAtMs(9e15, now)).toBe(now + 60_000)
  })
})
