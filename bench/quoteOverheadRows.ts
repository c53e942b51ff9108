import type { BenchRow } from './formatTable'
import type { QuoteOverheadFigure } from './measureQuoteOverhead'
import type { Summary } from './summarize'

/** Every `/quote` ratio to the bare proxy has this target: the API adds at most half of what the I/O costs. */
export const QUOTE_RATIO_TARGET = 1.5
/** Above this spread (max/min) of the bare proxy's runs, its ceiling was starved. */
const MAX_CEILING_SPREAD = 1.25
/** Above this 1-minute load average per core before the run, the machine was busy. */
const MAX_LOAD_PER_CORE = 1.0

/**
 * Why a ceiling measured in this run cannot carry a ratio, or `undefined` when it can: the machine was
 * busy before the run (1-minute load average above 1.0 per core), or the ceiling's own runs spread
 * more than 25% (max/min).
 */
export function starvedCeiling({
  ceiling,
  loadBefore,
  cpus,
}: {
  ceiling: { min: number; max: number }
  loadBefore: readonly number[]
  cpus: number
}): string | undefined {
  const load = loadBefore[0] ?? 0
  if (load / cpus > MAX_LOAD_PER_CORE) return `load ${load.toFixed(2)} on ${cpus} CPUs before the run`
  const spread = ceiling.max / ceiling.min
  if (!(spread <= MAX_CEILING_SPREAD)) return `its runs spread ${spread.toFixed(2)}x`
  return undefined
}

export type QuoteOverheadRowsParameters = {
  figures: readonly QuoteOverheadFigure[]
  /** `os.loadavg()` before the bench started. */
  loadBefore: readonly number[]
  cpus: number
}

/**
 * Figure 2's rows: at each concurrency the CPU per quote, the p50 and the p99, each as a ratio to the
 * bare proxy measured in the same run, with the target `<= 1.5x` and PASS/MISS. A ratio is not
 * reported from a run whose ceiling was starved (the load average before the run was above 1.0 per
 * core, or the bare proxy's runs of what the ratio divides by spread more than 25%: its CPU per quote
 * for the CPU row, its p50 for the latency rows): the row says which, and has no verdict.
 */
export function quoteOverheadRows({ figures, loadBefore, cpus }: QuoteOverheadRowsParameters): BenchRow[] {
  const ms = (value: number) => `${value.toFixed(2)} ms`
  const target = `<= ${QUOTE_RATIO_TARGET.toFixed(1)}x`
  return figures.flatMap((figure) => {
    const spread = (s: { min: number; max: number }, digits = 1) =>
      `${s.min.toFixed(digits)}-${s.max.toFixed(digits)}`
    // The CPU ratio divides by the bare proxy's CPU per quote, the latency ratios by its latency: each
    // is judged by the spread of what it divides by. The CPU time a process spends per quote holds
    // still where its latency does not: on two cores the load generator, the stand-in and the server
    // take turns, which moves the latency of a run far more than the work done per quote.
    const starvedLatency = starvedCeiling({ ceiling: figure.bareProxyP50Ms, loadBefore, cpus })
    const starvedCpu = starvedCeiling({ ceiling: figure.bareProxyCpuMsPerQuoteRuns, loadBefore, cpus })
    const failures = figure.non200 ? `; ${figure.non200} non-200` : ''
    const row = (name: string, ratio: number, detail: string, starvedWhy: string | undefined): BenchRow => {
      const figureName = `/quote ${name}, API / bare proxy @ ${figure.concurrency} callers`
      if (starvedWhy !== undefined) {
        const value = `not reported: the bare-proxy ceiling was starved (${starvedWhy})`
        return { figure: figureName, value, target, pass: undefined }
      }
      // A bare proxy answering within the venues' 50 ms leaves nothing to divide by.
      if (!Number.isFinite(ratio) || ratio < 0) {
        return { figure: figureName, value: `not reported: no ratio (${detail})`, target, pass: undefined }
      }
      const value = `${ratio.toFixed(2)}x (${detail}${failures})`
      return { figure: figureName, value, target, pass: ratio <= QUOTE_RATIO_TARGET && figure.non200 === 0 }
    }
    return [
      row(
        'CPU per quote',
        figure.apiCpuMsPerQuote / figure.bareProxyCpuMsPerQuote,
        `API ${ms(figure.apiCpuMsPerQuote)}, runs ${spread(figure.apiCpuMsPerQuoteRuns, 2)}; bare proxy ${ms(figure.bareProxyCpuMsPerQuote)}, runs ${spread(figure.bareProxyCpuMsPerQuoteRuns, 2)}; ${Math.round(figure.quotesPerSecond)}/s; ${figure.cores ? `server alone on core ${figure.cores.serverCore}` : 'cores shared'}`,
        starvedCpu,
      ),
      row(
        'overhead p50',
        figure.p50Ms.median / figure.bareProxyP50Ms.median,
        `${ms(figure.p50Ms.median)}, runs ${spread(figure.p50Ms)}; bare proxy ${ms(figure.bareProxyP50Ms.median)}; floor ${ms(figure.floorP50Ms.median)}`,
        starvedLatency,
      ),
      row(
        'overhead p99',
        figure.p99Ms.median / figure.bareProxyP99Ms.median,
        `${ms(figure.p99Ms.median)}, runs ${spread(figure.p99Ms)}; bare proxy ${ms(figure.bareProxyP99Ms.median)}; floor ${ms(figure.floorP99Ms.median)}`,
        starvedLatency,
      ),
    ]
  })
}

export type QuoteLogicRowParameters = {
  logic: {
    /** CPU ms per quote of each run of the API's logic alone (`QuoteRig.measureLogic`). */
    runs: Summary
    /** Of that, the venue bodies' `JSON.parse`, which the bare proxy does too. */
    parseMsPerQuote: number
    /** Quotes in flight at once in the loop. */
    inFlight: number
  }
  /** The `/quote` figures of the same run: the bare proxy's CPU per quote at `callers` divides. */
  figures: readonly QuoteOverheadFigure[]
  callers: number
}

/**
 * The API's logic alone, in CPU per quote (no socket: venue answers from memory, through
 * `app.request`), and the CPU ratio it leaves at best at `callers`: a server doing the bare proxy's I/O
 * and this logic, nothing else, is `(bare + logic - parse) / bare` times the bare proxy, where `parse`
 * is the venue bodies' `JSON.parse`, part of both. Recorded, not judged: it says how much of the CPU
 * ratio is the logic and how much the serving of it.
 */
export function quoteLogicRow({ logic, figures, callers }: QuoteLogicRowParameters): BenchRow {
  const total = logic.runs.median
  const own = total - logic.parseMsPerQuote
  const bare = figures.find((figure) => figure.concurrency === callers)?.bareProxyCpuMsPerQuote
  const runs = `runs ${logic.runs.min.toFixed(2)}-${logic.runs.max.toFixed(2)}`
  const parse = `${logic.parseMsPerQuote.toFixed(2)} ms of it parsing the venues' JSON, as the bare proxy does`
  const best =
    bare !== undefined && bare > 0
      ? `; at best ${((bare + own) / bare).toFixed(2)}x the bare proxy @ ${callers} callers (${bare.toFixed(2)} + ${own.toFixed(2)} ms)`
      : ''
  return {
    figure: `/quote API logic alone, CPU per quote (venue answers from memory, no sockets, ${logic.inFlight} in flight)`,
    value: `${total.toFixed(2)} ms (${runs}; ${parse}${best})`,
    target: 'recorded',
    pass: Number.isFinite(total) ? true : undefined,
  }
}

export type ServedLogicRowsParameters = QuoteOverheadRowsParameters & {
  /** Median CPU ms per quote of the API's logic alone (`quoteLogicRow`'s runs). */
  logicAloneMs: number
}

/**
 * Where the CPU ratio's excess goes, one row per concurrency measured with the bare proxy that runs the
 * API's logic after its venue calls (`servedLogicCpuMsPerQuoteRuns`): its CPU per quote as a ratio to
 * the bare proxy, the API's as a ratio to it (about 1: serving the logic costs nothing of its own, and
 * only less logic moves the ratio), and what the logic costs served, beside the I/O, against its cost
 * alone. Recorded, not judged; ratios are left out when the bare proxy's ceiling was starved.
 */
export function servedLogicRows({
  figures,
  loadBefore,
  cpus,
  logicAloneMs,
}: ServedLogicRowsParameters): BenchRow[] {
  return figures.flatMap((figure) => {
    const runs = figure.servedLogicCpuMsPerQuoteRuns
    if (!runs) return []
    const served = runs.median
    const bare = figure.bareProxyCpuMsPerQuote
    const measured = `${served.toFixed(2)} ms, runs ${runs.min.toFixed(2)}-${runs.max.toFixed(2)}`
    const starved = starvedCeiling({ ceiling: figure.bareProxyCpuMsPerQuoteRuns, loadBefore, cpus })
    const value = starved
      ? `${measured}; ratios not reported: the bare-proxy ceiling was starved (${starved})`
      : `${measured}: ${(served / bare).toFixed(2)}x the bare proxy; the API ${(figure.apiCpuMsPerQuote / served).toFixed(2)}x of it. The logic served ${(served - bare).toFixed(2)} ms a quote, alone ${logicAloneMs.toFixed(2)} ms`
    return [
      {
        figure: `/quote CPU per quote, bare proxy + the API's logic after its venue calls @ ${figure.concurrency} callers`,
        value,
        target: 'recorded',
        pass: Number.isFinite(served) ? true : undefined,
      },
    ]
  })
}
