import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatTable, type BenchRow } from './formatTable'
import { startBarePage } from './startBarePage'
import { hasCallgrind } from './createCallgrindControl'
import { countQuoteInstructions, quoteInstructionRows } from './countQuoteInstructions'
import { measureBundle } from './measureBundle'
import { measureDeadline } from './measureDeadline'
import { startFloorPage } from './startFloorPage'
import { measurePageRounds, type PageBesideFloor } from './measurePageRounds'
import { measureMemory } from './measureMemory'
import { measureQuoteOverhead } from './measureQuoteOverhead'
import { measureRateLimit } from './measureRateLimit'
import { measureThroughput } from './measureThroughput'
import { quoteLogicRow, quoteOverheadRows, servedLogicRows, starvedCeiling } from './quoteOverheadRows'
import { measureWorkers, workersRows } from './measureWorkers'
import { startQuoteRig } from './startQuoteRig'
import { summarize } from './summarize'
import { startSandbox } from '../demo/server/startSandbox'

/*
 * `npm run bench`: every figure of the benchmark issue in one run, printed as one table with its
 * target and PASS/MISS, and written to `bench/results/<date>.json`. See bench/README.md.
 */

const DEADLINE_MS = 3_000
const startedAt = Date.now()
// The 1, 5 and 15 minute load averages: the figures mean little without knowing what else ran.
const loadBefore = loadavg()
const step = (name: string) =>
  process.stderr.write(`bench: ${name} (${((Date.now() - startedAt) / 1000).toFixed(0)} s)\n`)
const ms = (value: number) => `${value.toFixed(2)} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rps = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`

step('widget bundle')
const bundle = await measureBundle()
step('/chains and /tokens throughput')
const throughput = await measureThroughput()
step('/quote overhead and deadline')
const rig = await startQuoteRig({ deadlineMs: DEADLINE_MS })
let overhead, logic, deadline, workers
try {
  overhead = await measureQuoteOverhead({ rig })
  step('/quote: the API logic alone')
  // Before the deadline figure: that one leaves 0x hanging, and the loop reads each venue's answer once.
  const inFlight = 50
  const { cpuMsPerQuote, parseMsPerQuote } = await rig.measureLogic({ quotes: 3_000, runs: 5, inFlight })
  logic = { runs: summarize(cpuMsPerQuote), parseMsPerQuote, inFlight }
  deadline = await measureDeadline({ rig, deadlineMs: DEADLINE_MS })
  step('WORKERS: saturation with 1 and 2 workers, rate limit across workers')
  workers = await measureWorkers({ rig })
} finally {
  await rig.stop()
}
step('/quote instructions, counted under callgrind')
const instructions = (await hasCallgrind()) ? await countQuoteInstructions() : undefined
step('rate-limit exactness')
const rateLimit = await measureRateLimit()
step('memory')
const memory = await measureMemory()
step('sandbox for the first-quote figures')
// Rounds of page loads: the floor, the demo page and the bare page in turn, each in a fresh tab of one
// browser, after an uncounted round that takes the browser's cold start and the pages' first downloads.
// Seven rounds: seven warm loads of each page.
const PAGE_ROUNDS = 7
// The whole sandbox, in its own directory so a running `npm start` is left alone.
const sandboxDir = await mkdtemp(join(tmpdir(), 'swap-quote-bench-sandbox-'))
const sandbox = await startSandbox({ port: 0, sandboxDir, siteDir: join(sandboxDir, 'site') })
let pages
try {
  step('bare page: building the widget')
  const floorPage = await startFloorPage({ latencyMs: 50 })
  try {
    const barePage = await startBarePage({ sandboxUrl: sandbox.url })
    try {
      step('first quote: the floor, the demo page and the bare page, in turn')
      pages = await measurePageRounds({
        sandboxUrl: sandbox.url,
        floorUrl: floorPage.url,
        barePageUrl: barePage.url,
        rounds: PAGE_ROUNDS,
        simulatorLatencyMs: 50,
      })
    } finally {
      await barePage.close()
    }
  } finally {
    await floorPage.close()
  }
} finally {
  await sandbox.stop()
  await rm(sandboxDir, { recursive: true, force: true })
}
const { floor: firstQuoteFloor, demo: firstQuote, bare: bareFirstQuote } = pages

const rows: BenchRow[] = []
for (const figure of throughput) {
  const starved = starvedCeiling({ ceiling: figure.bareRps, loadBefore, cpus: cpus().length })
  rows.push({
    figure: `${figure.path} throughput, API / bare node:http`,
    value: starved
      ? `not reported: the bare server's ceiling was starved (${starved})`
      : `${figure.ratio.toFixed(2)} (${rps(figure.apiRps.median)} / ${rps(figure.bareRps.median)}; pairs ${figure.pairRatios.min.toFixed(2)}-${figure.pairRatios.max.toFixed(2)})`,
    target: '>= 0.80',
    pass: starved ? undefined : figure.ratio >= 0.8,
  })
}
rows.push(...quoteOverheadRows({ figures: overhead, loadBefore, cpus: cpus().length }))
rows.push(quoteLogicRow({ logic, figures: overhead, callers: 50 }))
rows.push(
  ...servedLogicRows({ figures: overhead, loadBefore, cpus: cpus().length, logicAloneMs: logic.runs.median }),
)
rows.push(...quoteInstructionRows(instructions))
const statusText = Object.entries(deadline.statuses)
  .map(([status, count]) => `${count}x${status}`)
  .join(' ')
rows.push({
  figure: `/quote with 0x hanging, deadline ${DEADLINE_MS} ms: slowest answer`,
  value: `${ms(deadline.answerMs.max)} (p50 ${ms(deadline.answerMs.median)}; ${statusText})`,
  target: `<= ${DEADLINE_MS + 20} ms`,
  pass:
    deadline.answerMs.max <= DEADLINE_MS + 20 && (deadline.statuses[200] ?? 0) === deadline.answerMs.count,
})
for (const figure of rateLimit) {
  rows.push({
    figure: `rate limit, 120 parallel from one caller, ${figure.instances} instance${figure.instances > 1 ? 's' : ''} (${figure.setup})`,
    value: `${figure.allowed.join(', ')} allowed${figure.unexpected ? `; ${figure.unexpected} unexpected statuses` : ''}`,
    target: 'exactly 60',
    pass: figure.allowed.every((count) => count === 60) && figure.unexpected === 0,
  })
}
rows.push(...workersRows(workers))
rows.push({
  figure: 'widget gzip, quoting only (entry, static imports, quoting chunk)',
  value: kb(bundle.quotingGzipBytes),
  target: '<= 30 KB',
  pass: bundle.quotingGzipBytes <= 30 * 1024,
})
rows.push({
  figure:
    'widget gzip, everything after execution loaded, except opt-in wallet connectors (one language catalog)',
  value: kb(bundle.allGzipBytes),
  target: '<= 75 KB',
  pass: bundle.allGzipBytes <= 75 * 1024,
})
rows.push({
  figure: 'widget gzip, WalletConnect connector (opt-in, loaded when chosen)',
  value: kb(bundle.walletConnectGzipBytes),
  target: 'reported',
  pass: true,
})
rows.push({
  figure: 'widget gzip, Coinbase Wallet connector (opt-in, loaded when chosen)',
  value: kb(bundle.coinbaseWalletGzipBytes),
  target: 'reported',
  pass: true,
})
rows.push({
  figure: 'widget gzip, plain palette (loaded only by a browser without CSS light-dark())',
  value: kb(bundle.plainPaletteGzipBytes),
  target: 'reported',
  pass: true,
})
rows.push({
  figure: `API RSS growth over ${memory.quotes.toLocaleString('en-US')} quotes${memory.gcForced ? ' (gc forced)' : ''}`,
  value: `${(memory.rssGrowth * 100).toFixed(1)}% (${(memory.rssBeforeBytes / 2 ** 20).toFixed(1)} -> ${(memory.rssAfterBytes / 2 ** 20).toFixed(1)} MB)`,
  target: '<= 20%',
  pass: memory.rssGrowth <= 0.2 && memory.non200 === 0,
})

// Each first-quote figure with its distance from the floor loaded in the same rounds: the median of
// each round's ratio, so a page and its floor share the machine's state of that moment.
const firstQuoteValue = ({ medianMs, samplesMs, ratiosToFloor, medianRatioToFloor }: PageBesideFloor) =>
  `${ms(medianMs)} median of ${samplesMs.length} (${samplesMs.map((sample) => sample.toFixed(0)).join(', ')} ms); ${medianRatioToFloor.toFixed(2)}x the floor, median of the rounds' ratios (${ratiosToFloor.map((ratio) => ratio.toFixed(2)).join(', ')})`
rows.push({
  figure: 'first-quote floor: a page that only fetches a static JSON answered after 50 ms, same server',
  value: `${ms(firstQuoteFloor.medianMs)} median of ${firstQuoteFloor.samplesMs.length} (${firstQuoteFloor.samplesMs.map((sample) => sample.toFixed(0)).join(', ')} ms)`,
  target: 'recorded',
  pass: true,
})
rows.push({
  figure: 'demo page, navigation to first quote rendered (simulators at 50 ms)',
  value: firstQuoteValue(firstQuote),
  target: '<= 400 ms',
  pass: firstQuote.medianMs <= 400,
})
rows.push({
  figure:
    'bare page (<swap-quote> + dist/swap-quote.js), navigation to first quote rendered (simulators at 50 ms)',
  value: firstQuoteValue(bareFirstQuote),
  target: '<= 250 ms',
  pass: bareFirstQuote.medianMs <= 250,
})

const loadAfter = loadavg()
const table = formatTable(rows)
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ')
process.stdout.write(
  `${table}\nload average (1/5/15 min) on ${cpus().length} CPUs: ${loads(loadBefore)} before, ${loads(loadAfter)} after\n`,
)
const durationMs = Date.now() - startedAt
const date = new Date(startedAt).toISOString().slice(0, 10)
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
await mkdir(resultsDir, { recursive: true })
const results = {
  date: new Date(startedAt).toISOString(),
  durationMs,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    platform: process.platform,
    loadAverage: { before: loadBefore, after: loadAfter },
  },
  rows,
  throughput,
  quoteOverhead: overhead,
  quoteInstructions: instructions ?? null,
  deadline,
  rateLimit,
  workers,
  bundle,
  memory,
  firstQuoteFloor,
  timeToFirstQuote: firstQuote,
  barePageTimeToFirstQuote: bareFirstQuote,
}
await writeFile(`${resultsDir}${date}.json`, `${JSON.stringify(results, null, 2)}\n`)
process.stdout.write(
  `\n${rows.filter((row) => row.pass === false).length} missed; ${(durationMs / 1000).toFixed(0)} s; bench/results/${date}.json\n`,
)
process.exit(0)
