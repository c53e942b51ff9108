import type { CoreLayout } from './pinCores'
import { createIpSequence, runLoad } from './runLoad'
import type { QuoteRig } from './startQuoteRig'
import { summarize, type Summary } from './summarize'

export const VENUE_LATENCY_MS = 50
/** Quotes the API serves before any figure of it is measured. */
export const WARM_QUOTES = 8_000

export type QuoteOverheadFigure = {
  concurrency: number
  /** p50 and p99 of (API latency - 50 ms) in each repeat; the figure is their median. */
  p50Ms: Summary
  p99Ms: Summary
  quotesPerSecond: number
  /**
   * The same for one venue call made straight to the stand-in at the same concurrency (its latency
   * minus 50 ms): what this machine's loopback and scheduling cost before the API does anything.
   */
  floorP50Ms: Summary
  floorP99Ms: Summary
  /**
   * The same for the bare proxy (`rig.startBareProxy`) at the same concurrency: a server doing only a
   * quote's I/O (the three venue calls, parsing their JSON, the answer's bytes). What any Node service
   * making these calls pays on this machine; the API's own work is the distance from it.
   */
  bareProxyP50Ms: Summary
  bareProxyP99Ms: Summary
  /** CPU time the API's process spent per answer of the bare proxy: the I/O's share of `apiCpuMsPerQuote`. */
  bareProxyCpuMsPerQuote: number
  /** `bareProxyCpuMsPerQuote` in each repeat: its spread says whether the ceiling's CPU figure held still. */
  bareProxyCpuMsPerQuoteRuns: Summary
  /** `apiCpuMsPerQuote` in each repeat. */
  apiCpuMsPerQuoteRuns: Summary
  /** Answers other than 200 (should be none: every request comes from a new address). */
  non200: number
  /**
   * CPU time (user + system) the API process spent per answered quote, median over the repeats: the
   * API's own cost, less swayed than latency by what else the machine runs.
   */
  apiCpuMsPerQuote: number
  /**
   * The API's process (with the bare proxy in it) alone on `serverCore`, the load generator and the
   * stand-in on `otherCores` (see `pinServerCore`); `undefined`: all shared the cores as the
   * scheduler moved them.
   */
  cores: CoreLayout | undefined
  /**
   * At the concurrencies of `servedLogicAt`: CPU per quote in each repeat of the bare proxy that runs
   * the API's logic after its venue calls (`startBareProxy({ withLogic: true })`).
   */
  servedLogicCpuMsPerQuoteRuns?: Summary
}

/**
 * `/quote` overhead over the venues: every venue answers after exactly 50 ms, and the API's latency
 * minus 50 ms is its own cost (racing, parsing, fees, the response), at each concurrency in turn,
 * `repeats` times each.
 */
export async function measureQuoteOverhead({
  rig,
  concurrencies = [1, 10, 50, 200],
  repeats = 3,
  durationSeconds = 3,
  servedLogicAt = [50, 200],
}: {
  rig: QuoteRig
  concurrencies?: number[]
  /** Where the bare proxy with the API's logic is measured too. */
  servedLogicAt?: number[]
  repeats?: number
  durationSeconds?: number
}): Promise<QuoteOverheadFigure[]> {
  const keys = await rig.replay({ zerox: VENUE_LATENCY_MS, lifi: VENUE_LATENCY_MS, cow: VENUE_LATENCY_MS })
  const zeroxPath = keys.find((key) => key.startsWith('zerox GET '))?.slice('zerox GET '.length)
  if (!zeroxPath) throw new Error('the stand-in recorded no 0x GET')
  const floorUrl = `${rig.standInUrl}/zerox${zeroxPath}`
  const nextIp = createIpSequence()
  const headers = () => ({ 'X-Forwarded-For': nextIp() })
  const bareProxyUrl = await rig.startBareProxy()
  const servedLogicUrl = await rig.startBareProxy({ withLogic: true })
  const pinned = await rig.pinApi()
  const cores = pinned?.layout
  try {
    // Warm, as a running service is, so the measured code is the optimised code: counted in quotes, not
    // seconds, since a busy machine serves fewer in a given time. V8 was still compiling the API's code
    // (with --trace-opt) through its first 6,000 quotes and its CPU per quote still falling.
    await runLoad({ url: rig.quoteUrl, connections: 50, amount: WARM_QUOTES, headers, timeoutSeconds: 60 })
    await runLoad({ url: bareProxyUrl, connections: 50, amount: WARM_QUOTES / 2, timeoutSeconds: 60 })
    await runLoad({ url: servedLogicUrl, connections: 50, amount: WARM_QUOTES / 2, timeoutSeconds: 60 })
    const figures: QuoteOverheadFigure[] = []
    for (const concurrency of concurrencies) {
      const p50: number[] = []
      const p99: number[] = []
      const rates: number[] = []
      const floorP50: number[] = []
      const floorP99: number[] = []
      const bareP50: number[] = []
      const bareP99: number[] = []
      const bareCpuPerQuote: number[] = []
      const cpuPerQuote: number[] = []
      const servedLogicCpuPerQuote: number[] = []
      let non200 = 0
      for (let repeat = 0; repeat < repeats; repeat += 1) {
        const { run, cpuMsPerAnswer } = await loadWithCpu(rig, () =>
          runLoad({ url: rig.quoteUrl, connections: concurrency, durationSeconds, headers }),
        )
        if (Number.isFinite(cpuMsPerAnswer)) cpuPerQuote.push(cpuMsPerAnswer)
        const overhead = run.latenciesMs.map((latency) => latency - VENUE_LATENCY_MS)
        const summary = summarize(overhead)
        p50.push(summary.median)
        p99.push(summary.p99)
        rates.push(run.requestsPerSecond)
        const { run: bare, cpuMsPerAnswer: bareCpu } = await loadWithCpu(rig, () =>
          runLoad({ url: bareProxyUrl, connections: concurrency, durationSeconds }),
        )
        if (Number.isFinite(bareCpu)) bareCpuPerQuote.push(bareCpu)
        const bareSummary = summarize(bare.latenciesMs.map((latency) => latency - VENUE_LATENCY_MS))
        bareP50.push(bareSummary.median)
        bareP99.push(bareSummary.p99)
        if (servedLogicAt.includes(concurrency)) {
          const { run: served, cpuMsPerAnswer: servedCpu } = await loadWithCpu(rig, () =>
            runLoad({ url: servedLogicUrl, connections: concurrency, durationSeconds }),
          )
          // Its logic is the API's, which answers every one of these quotes: anything else is a broken
          // twin, whose fast failures would read as cheap quotes.
          const failed = served.errors + served.latenciesMs.length - (served.statuses[200] ?? 0)
          if (failed > 0) throw new Error(`the bare proxy with the API's logic failed ${failed} answers`)
          if (Number.isFinite(servedCpu)) servedLogicCpuPerQuote.push(servedCpu)
        }
        const floor = await runLoad({ url: floorUrl, connections: concurrency, durationSeconds: 1 })
        const floorSummary = summarize(floor.latenciesMs.map((latency) => latency - VENUE_LATENCY_MS))
        floorP50.push(floorSummary.median)
        floorP99.push(floorSummary.p99)
        non200 +=
          run.errors +
          Object.entries(run.statuses).reduce(
            (sum, [status, count]) => sum + (status === '200' ? 0 : count),
            0,
          )
      }
      figures.push({
        concurrency,
        p50Ms: summarize(p50),
        p99Ms: summarize(p99),
        floorP50Ms: summarize(floorP50),
        floorP99Ms: summarize(floorP99),
        bareProxyP50Ms: summarize(bareP50),
        bareProxyP99Ms: summarize(bareP99),
        bareProxyCpuMsPerQuote: summarize(bareCpuPerQuote).median,
        bareProxyCpuMsPerQuoteRuns: summarize(bareCpuPerQuote),
        apiCpuMsPerQuoteRuns: summarize(cpuPerQuote),
        quotesPerSecond: summarize(rates).median,
        non200,
        apiCpuMsPerQuote: summarize(cpuPerQuote).median,
        cores,
        ...(servedLogicCpuPerQuote.length > 0
          ? { servedLogicCpuMsPerQuoteRuns: summarize(servedLogicCpuPerQuote) }
          : {}),
      })
    }
    return figures
  } finally {
    await pinned?.release()
  }
}

/**
 * Runs `load` against a server in the API's process and resolves to its result with the CPU time that
 * process spent per answer meanwhile, in milliseconds (`NaN` when nothing was answered).
 */
export async function loadWithCpu(
  rig: QuoteRig,
  load: () => ReturnType<typeof runLoad>,
): Promise<{ run: Awaited<ReturnType<typeof runLoad>>; cpuMsPerAnswer: number }> {
  const before = await rig.api.request<{ cpuMicros: number }>({ type: 'cpu' })
  const run = await load()
  const after = await rig.api.request<{ cpuMicros: number }>({ type: 'cpu' })
  const answered = run.latenciesMs.length
  return {
    run,
    cpuMsPerAnswer: answered === 0 ? Number.NaN : (after.cpuMicros - before.cpuMicros) / 1000 / answered,
  }
}
