import { describe, expect, it } from 'vitest'
import {
  quoteInstructionRows,
  type InstructionCount,
  type QuoteInstructionFigures,
} from './countQuoteInstructions'
import { summarize } from './summarize'

describe('quoteInstructionRows', () => {
  const count = (perKind: number, stringify: number): InstructionCount => {
    const byKind = {
      jsonParse: perKind,
      jsonStringify: stringify,
      collector: perKind,
      compiler: perKind,
      propertyLookups: perKind,
      strings: perKind,
      builtins: perKind,
      javascript: perKind,
      other: perKind,
    }
    return { perQuote: Object.values(byKind).reduce((sum, value) => sum + value, 0), byKind }
  }
  const figures = (apiPerKind: number, apiStringify = 100_000): QuoteInstructionFigures => {
    const rounds = [{ bareProxy: count(100_000, 0), api: count(apiPerKind, apiStringify) }]
    const api = summarize(rounds.map((round) => round.api.perQuote))
    const bareProxy = summarize(rounds.map((round) => round.bareProxy.perQuote))
    return {
      callers: 50,
      quotesPerWindow: 200,
      warmQuotes: 8_000,
      rounds,
      api,
      bareProxy,
      ratio: api.median / bareProxy.median,
      ratioSteadyWork: api.median / bareProxy.median,
    }
  }

  it('judges the API’s instructions over the bare proxy’s by the CPU target, 1.5x', () => {
    const [over] = quoteInstructionRows(figures(200_000))
    expect(over?.value).toMatch(
      /^2\.13x \(medians of 1 windows? of 200 quotes each, after 8,000 uncounted: API 1\.70M, 1\.70M-1\.70M; bare proxy 0\.80M/,
    )
    expect(over?.pass).toBe(false)
    const [under] = quoteInstructionRows(figures(125_000))
    expect(under?.value).toMatch(/^1\.38x/)
    expect(under?.pass).toBe(true)
  })

  it('names what the API adds, largest first', () => {
    const [, byKind] = quoteInstructionRows(figures(150_000, 300_000))
    expect(byKind?.value).toMatch(/^JSON\.stringify 0\.30M; /)
    expect(byKind?.value).toContain('; JSON.parse 0.05M')
  })

  it('says so, with no verdict, without valgrind', () => {
    const [row] = quoteInstructionRows(undefined)
    expect(row?.value).toMatch(/valgrind is not installed/)
    expect(row?.pass).toBeUndefined()
  })
})
