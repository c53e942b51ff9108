import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCallgrindControl } from './createCallgrindControl'
import { INSTRUCTION_KINDS, instructionsByKind, type InstructionKind } from './instructionsByKind'
import type { BenchRow } from './formatTable'
import { VENUE_LATENCY_MS, WARM_QUOTES } from './measureQuoteOverhead'
import { createIpSequence, runLoad } from './runLoad'
import { startQuoteRig } from './startQuoteRig'
import { summarize, type Summary } from './summarize'

/** One counted window: instructions per answer, in all and by kind. */
export type InstructionCount = { perQuote: number; byKind: Record<InstructionKind, number> }

export type QuoteInstructionFigures = {
  callers: number
  /** Answers in each counted window. */
  quotesPerWindow: number
  /** Answers each server gave before counting began. */
  warmQuotes: number
  /** Each round: the bare proxy's window, then the API's. */
  rounds: { bareProxy: InstructionCount; api: InstructionCount }[]
  /** Instructions per quote over the rounds: the API's, the bare proxy's. */
  api: Summary
  bareProxy: Summary
  /**
   * The API's median over the bare proxy's. Medians, not a ratio per round: the compiler and the
   * collector run at moments of their own, and a window that holds a compilation or a full collection
   * reads high, on either side; a median leaves out the windows that hold the most of them.
   */
  ratio: number
  /** The same without the compiler's and the collector's instructions at all. */
  ratioSteadyWork: number
}

/**
 * Figure 2's CPU ratio counted in instructions instead of time: the quote rig's API (and the bare
 * proxy in its process) under valgrind's callgrind, the venues at 50 ms. Both serve `warmQuotes`
 * uncounted (the optimised code is what a running service runs), then each round counts the bare
 * proxy's instructions over `quotes` answers, then the API's over as many, at `callers` callers.
 *
 * Instructions do not depend on what else the machine runs, so the ratio holds still where the CPU
 * time's moves with other tenants; they do not see a cache miss, so a ratio in time can differ.
 * Needs valgrind (`hasCallgrind` in createCallgrindControl.ts). Takes about four minutes on two cores.
 */
export async function countQuoteInstructions({
  callers = 50,
  quotes = 200,
  warmQuotes = WARM_QUOTES,
  rounds = 7,
}: {
  callers?: number
  quotes?: number
  warmQuotes?: number
  rounds?: number
} = {}): Promise<QuoteInstructionFigures> {
  const outDir = await mkdtemp(join(tmpdir(), 'swap-quote-bench-callgrind-'))
  try {
    const callgrind = createCallgrindControl({ outDir })
    const { execPath, args } = callgrind
    // The longest deadline the config takes: a venue answer counted slowly must still make the race.
    const rig = await startQuoteRig({ deadlineMs: 30_000, apiCommand: { execPath, args } })
    try {
      await rig.replay({ zerox: VENUE_LATENCY_MS, lifi: VENUE_LATENCY_MS, cow: VENUE_LATENCY_MS })
      const nextIp = createIpSequence()
      const headers = () => ({ 'X-Forwarded-For': nextIp() })
      const bareProxyUrl = await rig.startBareProxy()
      // Counting runs some fifty times slower than the warm-up: answers take seconds.
      const load = (url: string, amount: number, withHeaders: boolean) =>
        runLoad({
          url,
          connections: callers,
          amount,
          timeoutSeconds: 300,
          ...(withHeaders ? { headers } : {}),
        })
      await load(rig.quoteUrl, warmQuotes, true)
      await load(bareProxyUrl, warmQuotes, false)
      await callgrind.turnOn({ pid: rig.api.pid })
      const count = async (url: string, withHeaders: boolean): Promise<InstructionCount> => {
        await callgrind.zero({ pid: rig.api.pid })
        const run = await load(url, quotes, withHeaders)
        const dump = await callgrind.dump({ pid: rig.api.pid })
        const answered = run.statuses[200] ?? 0
        if (answered !== quotes) {
          throw new Error(`counted ${answered} answers of ${quotes} (${JSON.stringify(run.statuses)})`)
        }
        const byKind = instructionsByKind(dump)
        for (const kind of INSTRUCTION_KINDS) byKind[kind] = Math.round(byKind[kind] / quotes)
        return { perQuote: INSTRUCTION_KINDS.reduce((sum, kind) => sum + byKind[kind], 0), byKind }
      }
      const counted: QuoteInstructionFigures['rounds'] = []
      for (let round = 0; round < rounds; round += 1) {
        const bareProxy = await count(bareProxyUrl, false)
        const api = await count(rig.quoteUrl, true)
        counted.push({ bareProxy, api })
      }
      const steady = ({ perQuote, byKind }: InstructionCount) => perQuote - byKind.compiler - byKind.collector
      const over = (side: 'api' | 'bareProxy', read: (count: InstructionCount) => number) =>
        summarize(counted.map((round) => read(round[side])))
      const api = over('api', (count) => count.perQuote)
      const bareProxy = over('bareProxy', (count) => count.perQuote)
      return {
        callers,
        quotesPerWindow: quotes,
        warmQuotes,
        rounds: counted,
        api,
        bareProxy,
        ratio: api.median / bareProxy.median,
        ratioSteadyWork: over('api', steady).median / over('bareProxy', steady).median,
      }
    } finally {
      await rig.stop()
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}

const KIND_LABELS: Record<InstructionKind, string> = {
  jsonParse: 'JSON.parse',
  jsonStringify: 'JSON.stringify',
  collector: 'collector',
  compiler: 'compiler',
  propertyLookups: 'property lookups (inline-cache misses, megamorphic and runtime lookups)',
  strings: 'strings',
  builtins: "V8's other builtins",
  javascript: 'compiled JavaScript',
  other: 'Node, libuv, libc and the rest',
}

const millions = (instructions: number) => `${(instructions / 1e6).toFixed(2)}M`

/**
 * The instruction figure's rows: the API over the bare proxy, judged by figure 2's CPU target
 * (1.5x); and, recorded, what the API's extra instructions are, by kind, medians over the rounds.
 * Without valgrind (`figures` undefined) the first row says so and has no verdict.
 */
export function quoteInstructionRows(figures: QuoteInstructionFigures | undefined): BenchRow[] {
  const figure = (callers: number) =>
    `/quote instructions per quote @ ${callers} callers, API / bare proxy (callgrind: counted, not timed)`
  if (!figures) {
    return [
      {
        figure: figure(50),
        value: 'not measured: valgrind is not installed (Debian package valgrind)',
        target: '<= 1.50x',
        pass: undefined,
      },
    ]
  }
  const median = (values: number[]) => summarize(values).median
  const { api, bareProxy, ratio, ratioSteadyWork } = figures
  const extra = INSTRUCTION_KINDS.map((kind) => ({
    kind,
    instructions: median(
      figures.rounds.map((round) => round.api.byKind[kind] - round.bareProxy.byKind[kind]),
    ),
  })).sort((a, b) => b.instructions - a.instructions)
  return [
    {
      figure: figure(figures.callers),
      value: `${ratio.toFixed(2)}x (medians of ${figures.rounds.length} windows of ${figures.quotesPerWindow} quotes each, after ${figures.warmQuotes.toLocaleString('en-US')} uncounted: API ${millions(api.median)}, ${millions(api.min)}-${millions(api.max)}; bare proxy ${millions(bareProxy.median)}, ${millions(bareProxy.min)}-${millions(bareProxy.max)}; without the compiler and the collector ${ratioSteadyWork.toFixed(2)}x)`,
      target: '<= 1.50x',
      pass: ratio <= 1.5,
    },
    {
      figure: `/quote instructions the API adds to the bare proxy's, per quote, by kind`,
      value: extra
        .map(({ kind, instructions }) => `${KIND_LABELS[kind]} ${millions(instructions)}`)
        .join('; '),
      target: 'recorded',
      pass: true,
    },
  ]
}
