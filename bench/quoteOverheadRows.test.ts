import { describe, expect, it } from 'vitest'
import type { QuoteOverheadFigure } from './measureQuoteOverhead'
import { quoteLogicRow, quoteOverheadRows, servedLogicRows } from './quoteOverheadRows'
import { summarize } from './summarize'

/** A figure at 50 callers: the API at `apiCpu` ms of CPU per quote, the bare proxy's runs as given. */
function figure({
  apiCpu,
  bareCpuRuns,
  bareP50Runs,
}: {
  apiCpu: number
  bareCpuRuns: number[]
  bareP50Runs: number[]
}): QuoteOverheadFigure {
  const bareCpu = summarize(bareCpuRuns)
  return {
    concurrency: 50,
    p50Ms: summarize([12, 13, 14]),
    p99Ms: summarize([40, 42, 44]),
    quotesPerSecond: 700,
    floorP50Ms: summarize([1, 1, 1]),
    floorP99Ms: summarize([3, 3, 3]),
    bareProxyP50Ms: summarize(bareP50Runs),
    bareProxyP99Ms: summarize([20, 21, 22]),
    bareProxyCpuMsPerQuote: bareCpu.median,
    bareProxyCpuMsPerQuoteRuns: bareCpu,
    apiCpuMsPerQuoteRuns: summarize([apiCpu, apiCpu, apiCpu]),
    non200: 0,
    apiCpuMsPerQuote: apiCpu,
    cores: { serverCore: 1, otherCores: [0] },
  }
}

const quiet = { loadBefore: [0.4, 0.5, 0.6], cpus: 2 }

describe('quoteOverheadRows', () => {
  it('reports the CPU ratio when the bare proxy’s CPU per quote held still, though its latency runs spread', () => {
    const rows = quoteOverheadRows({
      ...quiet,
      figures: [figure({ apiCpu: 1.9, bareCpuRuns: [0.76, 0.86, 0.87], bareP50Runs: [4.3, 4.5, 6.2] })],
    })
    const [cpu, p50, p99] = rows
    expect(cpu!.value).toMatch(
      /^2\.21x \(API 1\.90 ms, runs 1\.90-1\.90; bare proxy 0\.86 ms, runs 0\.76-0\.87/,
    )
    expect(cpu!.pass).toBe(false)
    expect(p50!.value).toBe('not reported: the bare-proxy ceiling was starved (its runs spread 1.44x)')
    expect(p50!.pass).toBeUndefined()
    expect(p99!.pass).toBeUndefined()
  })

  it('passes a CPU ratio within 1.5x, and refuses one whose ceiling’s CPU runs spread over 25%', () => {
    const [within] = quoteOverheadRows({
      ...quiet,
      figures: [figure({ apiCpu: 1.2, bareCpuRuns: [0.8, 0.82, 0.85], bareP50Runs: [4, 4.1, 4.2] })],
    })
    expect(within!.pass).toBe(true)
    const [starved] = quoteOverheadRows({
      ...quiet,
      figures: [figure({ apiCpu: 1.2, bareCpuRuns: [0.6, 0.8, 0.9], bareP50Runs: [4, 4.1, 4.2] })],
    })
    expect(starved!.value).toBe('not reported: the bare-proxy ceiling was starved (its runs spread 1.50x)')
    expect(starved!.pass).toBeUndefined()
  })

  it('reports no ratio at all from a machine that was busy before the run', () => {
    const rows = quoteOverheadRows({
      loadBefore: [2.5, 2, 2],
      cpus: 2,
      figures: [figure({ apiCpu: 1.2, bareCpuRuns: [0.8, 0.8, 0.8], bareP50Runs: [4, 4, 4] })],
    })
    for (const row of rows) expect(row.value).toMatch(/starved \(load 2\.50 on 2 CPUs before the run\)/)
  })
})

describe('quoteLogicRow', () => {
  it('says the logic’s CPU per quote and the best CPU ratio it leaves beside the bare proxy, its JSON parsing counted once', () => {
    const row = quoteLogicRow({
      logic: { runs: summarize([0.52, 0.55, 0.61]), parseMsPerQuote: 0.1, inFlight: 50 },
      figures: [figure({ apiCpu: 1.9, bareCpuRuns: [0.8, 0.81, 0.83], bareP50Runs: [4, 4, 4] })],
      callers: 50,
    })
    expect(row.value).toBe(
      "0.55 ms (runs 0.52-0.61; 0.10 ms of it parsing the venues' JSON, as the bare proxy does; at best 1.56x the bare proxy @ 50 callers (0.81 + 0.45 ms))",
    )
    expect(row.target).toBe('recorded')
  })

  it('has no verdict when the loop measured nothing', () => {
    const row = quoteLogicRow({
      logic: { runs: summarize([]), parseMsPerQuote: 0, inFlight: 50 },
      figures: [],
      callers: 50,
    })
    expect(row.pass).toBeUndefined()
  })
})

describe('servedLogicRows', () => {
  it('says what the logic costs beside the I/O, and how the API compares with the bare proxy running it', () => {
    const measured = {
      ...figure({ apiCpu: 0.9, bareCpuRuns: [0.4, 0.42, 0.44], bareP50Runs: [4, 4, 4] }),
      servedLogicCpuMsPerQuoteRuns: summarize([0.86, 0.88, 0.95]),
    }
    const rows = servedLogicRows({ ...quiet, figures: [measured], logicAloneMs: 0.21 })
    expect(rows).toEqual([
      {
        figure: "/quote CPU per quote, bare proxy + the API's logic after its venue calls @ 50 callers",
        value:
          '0.88 ms, runs 0.86-0.95: 2.10x the bare proxy; the API 1.02x of it. The logic served 0.46 ms a quote, alone 0.21 ms',
        target: 'recorded',
        pass: true,
      },
    ])
  })

  it('leaves out the ratios when the ceiling was starved, and adds no row where it was not measured', () => {
    const starved = {
      ...figure({ apiCpu: 0.9, bareCpuRuns: [0.3, 0.42, 0.6], bareP50Runs: [4, 4, 4] }),
      servedLogicCpuMsPerQuoteRuns: summarize([0.86, 0.88, 0.95]),
    }
    const unmeasured = figure({ apiCpu: 0.9, bareCpuRuns: [0.4, 0.42, 0.44], bareP50Runs: [4, 4, 4] })
    const rows = servedLogicRows({ ...quiet, figures: [starved, unmeasured], logicAloneMs: 0.21 })
    expect(rows.map((row) => row.value)).toEqual([
      '0.88 ms, runs 0.86-0.95; ratios not reported: the bare-proxy ceiling was starved (its runs spread 2.00x)',
    ])
  })
})
