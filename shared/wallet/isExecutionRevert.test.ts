import { describe, expect, it } from 'vitest'
import { isExecutionRevert } from './isExecutionRevert'

describe('isExecutionRevert', () => {
  it('recognises a revert a few causes deep, by code or by message', () => {
    expect(isExecutionRevert(new Error('send failed', { cause: { code: 3, message: 'reverted' } }))).toBe(
      true,
    )
    expect(
      isExecutionRevert({
        code: -32603,
        message: 'Internal JSON-RPC error.',
        cause: new Error('execution reverted'),
      }),
    ).toBe(true)
  })

  it('does not mistake a declined request or a network failure for a revert', () => {
    expect(isExecutionRevert({ code: 4001, message: 'User rejected the request.' })).toBe(false)
    expect(isExecutionRevert(new TypeError('fetch failed'))).toBe(false)
    expect(isExecutionRevert(undefined)).toBe(false)
  })
})
