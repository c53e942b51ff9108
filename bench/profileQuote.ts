import { cpus, loadavg } from 'node:os'
import { writeFile } from 'node:fs/promises'
import { loadWithCpu, VENUE_LATENCY_MS, WARM_QUOTES } from './measureQuoteOverhead'
import { createIpSequence, runLoad } from './runLoad'
import { startQuoteRig } from './startQuoteRig'

/*
 * `npx tsx bench/profileQuote.ts`: where the API's CPU goes on a `/quote` under load. Starts the
 * quote rig of figure 2 (the real adapters against the replaying stand-in, venues at 50 ms), warms the
 * API, then profiles it at 200 callers (BENCH_PROFILE_CALLERS, BENCH_PROFILE_SECONDS) and prints the
 * functions and files with the most self time, with the CPU per quote of the API and of the bare proxy
 * measured in the same run. BENCH_PROFILE_OUT=<file.cpuprofile> keeps the profile for a viewer.
 */

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const callers = Number(process.env.BENCH_PROFILE_CALLERS ?? 200)
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 6)
const top = Number(process.env.BENCH_PROFILE_TOP ?? 30)
const out = process.env.BENCH_PROFILE_OUT

const loadBefore = loadavg()
const rig = await startQuoteRig()
// The API on a core of its own, as figure 2 measures it.
const pinned = await rig.pinApi()
try {
  await rig.replay({ zerox: VENUE_LATENCY_MS, lifi: VENUE_LATENCY_MS, cow: VENUE_LATENCY_MS })
  const nextIp = createIpSequence()
  const headers = () => ({ 'X-Forwarded-For': nextIp() })
  const bareUrl = await rig.startBareProxy()
  // Warm: the optimised code is what a running service runs.
  await runLoad({ url: rig.quoteUrl, connections: 50, amount: WARM_QUOTES, headers, timeoutSeconds: 60 })
  await runLoad({ url: bareUrl, connections: 50, amount: WARM_QUOTES / 2, timeoutSeconds: 60 })

  const { cpuMsPerAnswer: bareCpu } = await loadWithCpu(rig, () =>
    runLoad({ url: bareUrl, connections: callers, durationSeconds: 3 }),
  )
  const { cpuMsPerAnswer: apiCpu } = await loadWithCpu(rig, () =>
    runLoad({ url: rig.quoteUrl, connections: callers, durationSeconds: 3, headers }),
  )

  await rig.api.request({ type: 'profileStart' })
  const run = await runLoad({ url: rig.quoteUrl, connections: callers, durationSeconds: seconds, headers })
  const { profile: text } = await rig.api.request<{ profile: string }>({ type: 'profileStop' })
  if (out) await writeFile(out, text)
  const profile = JSON.parse(text) as Profile
  const quotes = run.latenciesMs.length
  if (quotes === 0 || !Number.isFinite(apiCpu) || !Number.isFinite(bareCpu)) {
    // Nothing answered within a run: the machine is too busy for any figure per quote to mean anything.
    process.stdout.write(
      `a run answered no quote within its ${seconds} s; load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')} on ${cpus().length} CPUs: try again on a quieter machine\n`,
    )
  }

  const { byFunction, byFile, totalMicros } = selfTimes(profile)
  const perQuote = (micros: number) => `${(micros / Math.max(1, quotes)).toFixed(1).padStart(7)} µs/quote`
  const share = (micros: number) => `${((micros / totalMicros) * 100).toFixed(1).padStart(5)}%`
  const print = (title: string, entries: [string, number][]) => {
    process.stdout.write(`\n${title}\n`)
    for (const [name, micros] of entries.sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${share(micros)} ${perQuote(micros)}  ${name}\n`)
    }
  }
  process.stdout.write(
    `${quotes} quotes at ${callers} callers in ${seconds} s (${Object.entries(run.statuses)
      .map(([status, count]) => `${count}x${status}`)
      .join(' ')}); profiled ${(totalMicros / Math.max(1, quotes)).toFixed(0)} µs/quote (idle excluded)\n` +
      `CPU per quote: API ${apiCpu.toFixed(3)} ms, bare proxy ${bareCpu.toFixed(3)} ms, ratio ${(apiCpu / bareCpu).toFixed(2)}x\n` +
      `load average before (1/5/15 min) on ${cpus().length} CPUs: ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, now ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}\n`,
  )
  print('self time by function', [...byFunction])
  print('self time by file', [...byFile])
} finally {
  await pinned?.release()
  await rig.stop()
}
process.exit(0)

/** Self time per function (name, file, line) and per file, idle time left out. */
function selfTimes(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMicros = new Map<number, number>()
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
  })
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  let totalMicros = 0
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame
    if (functionName === '(idle)') continue
    totalMicros += micros
    const file = shortFile(url)
    const name = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
    byFile.set(file, (byFile.get(file) ?? 0) + micros)
  }
  return { byFunction, byFile, totalMicros }
}

/** A script URL shortened to the package or repo path that says where it lives. */
function shortFile(url: string): string {
  if (!url) return '(native)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length)
  const repo = url.match(/\/(api|shared|bench|demo)\/.*/)
  if (repo) return repo[0].slice(1)
  return url.replace(/^file:\/\//, '')
}
