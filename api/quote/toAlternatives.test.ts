import { describe, expect, it } from 'vitest'
import { toAlternatives } from './toAlternatives'
import type { VenueOutcome } from './venueOutcome'

const stoppedEarly = (provider?: string): VenueOutcome => ({
  venue: 'swapkit',
  elapsedMs: 40,
  status: 'outranked',
  output: 8_940_900_000n,
  answer: {
    noRoute: true,
    reason: 'priced, but another venue already left the recipient more, so its route was not built',
    outpriced: { output: 8_940_900_000n, buyAmount: 8_941_000_000n, ...(provider && { provider }) },
  },
})

describe('toAlternatives', () => {
  it('names a venue that stopped on its estimate as its built route would be named', () => {
    // SwapKit's THORChain route is `thorchain` once built; stopped before building it, it is the same.
    const [entry] = toAlternatives([stoppedEarly('thorchain')], 6)
    expect(entry).toMatchObject({ provider: 'thorchain', status: 'outranked', netOutput: '8940.9' })
  })

  it('names it by its venue when the estimate does not say', () => {
    expect(toAlternatives([stoppedEarly()], 6)[0]?.provider).toBe('swapkit')
  })
})
