import { describe, expect, it } from 'vitest'
import type { Alternative, Quote } from '../../shared/schemas'
import { MATRIX_CASES, toMatrixRow } from './winnerMatrix'

const priced = (provider: string, netOutput: string): Alternative =>
  ({ provider, status: 'outranked', reason: 'priced', netOutput }) as Alternative

describe('toMatrixRow', () => {
  it('lists runners-up with equal outputs in the same order whichever answered first', () => {
    const winner = { ...priced('0x', '8955.29'), status: 'quoted' } as Alternative
    const tied = [priced('thorchain', '8940.9'), priced('swapkit', '8940.9')]
    const rows = [tied, [...tied].reverse()].map((runnersUp) =>
      toMatrixRow(MATRIX_CASES[0]!, { provider: '0x', alternatives: [winner, ...runnersUp] } as Quote),
    )
    expect(rows[0]!.priced).toEqual(rows[1]!.priced)
    expect(rows[0]!.reason).toBe(rows[1]!.reason)
    expect(rows[0]!.priced.map((entry) => entry.provider)).toEqual(['0x', 'swapkit', 'thorchain'])
  })
})
