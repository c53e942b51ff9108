import { startTestSandbox } from '../demo/sandbox/simulators/startTestSandbox'
import type { VenueCall } from './benchChild'
import { pinServerCore, type CoreLayout } from './pinCores'
import type { QuoteLogicFigures } from './quoteLogicLoop'
import { startBenchChild, type BenchChild, type NodeWrapper } from './startBenchChild'

/** Per venue: answer after this many milliseconds, or never. */
export type StandInDelays = Record<'zerox' | 'lifi' | 'cow', number | 'hang'>

/** The API (in its own process) quoting through the real adapters against the venue stand-in. */
export type QuoteRig = {
  api: BenchChild
  /** The stand-in's base URL (`/zerox`, `/lifi`, `/cow` below it). */
  standInUrl: string
  /** The config environment and CoW contracts the API runs with. */
  env: Record<string, string>
  cowContracts: Record<number, { settlement: string; vaultRelayer: string }>
  /** A same-chain USDC -> WETH quote on Ethereum, which all three venues price. */
  quoteUrl: string
  /** Switches the stand-in to replay with these delays; resolves to the recorded `venue METHOD /path` keys. */
  replay(delays: StandInDelays): Promise<string[]>
  /**
   * Starts the bare proxy in the API's process (see `startBareProxy` in benchChild.ts): the quote's
   * venue calls and answer bytes with nothing in between; `withLogic`, with the API's logic run after
   * the calls. Resolves to its quote URL.
   */
  startBareProxy(options?: { withLogic?: boolean }): Promise<string>
  /**
   * The API's own CPU per quote with no I/O (see `runQuoteLogicLoop`), in the API's process: CPU
   * milliseconds per quote of each run, and of the venue bodies' `JSON.parse` alone.
   */
  measureLogic(options: { quotes: number; runs: number; inFlight: number }): Promise<QuoteLogicFigures>
  /**
   * The API's JavaScript thread (which serves the bare proxy too) on a core of its own, this process
   * and the stand-in on the others, until `release` (see `pinServerCore`); `undefined` where it cannot.
   */
  pinApi(): Promise<{ layout: CoreLayout; release(): Promise<void> } | undefined>
  stop(): Promise<void>
}

const QUOTE_QUERY =
  'sellChain=ETH&sellToken=USDC&buyChain=ETH&buyToken=WETH&amount=100&address=0x1111111111111111111111111111111111111111'

/**
 * Starts a one-chain sandbox world with the real simulators, records their answers to one quote
 * through the stand-in, then stops the world: from then on the stand-in replays those bytes with a
 * fixed delay per venue (`replay`), so the figure is the API's own cost and not anvil's pricing.
 */
export async function startQuoteRig({
  deadlineMs = 3_000,
  apiCommand,
}: {
  deadlineMs?: number
  /** Runs the API's Node under this program (see `createCallgrindControl`). */
  apiCommand?: NodeWrapper
} = {}): Promise<QuoteRig> {
  const started: { stop(): Promise<void> }[] = []
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined)
  }
  try {
    const standIn = await startBenchChild({ role: 'standIn' })
    started.push(standIn)
    const sandbox = await startTestSandbox({ chains: ['ETH'] })
    started.push(sandbox)
    const { manifest } = sandbox.world
    const eth = manifest.chains.ETH!.contracts
    const standInUrl = standIn.ready.url as string
    const env = {
      LOG_LEVEL: 'error',
      QUOTE_DEADLINE_MS: String(deadlineMs),
      ZEROX_BASE_URL: `${standInUrl}/zerox`,
      ZEROX_API_KEY: 'bench-0x-key',
      LIFI_BASE_URL: `${standInUrl}/lifi`,
      LIFI_INTEGRATOR: 'swap-quote',
      COW_BASE_URL: `${standInUrl}/cow`,
      SERVICE_FEE_RECIPIENT: manifest.feeRecipients.service,
    }
    const cowContracts = { 1: { settlement: eth.gpv2Settlement!, vaultRelayer: eth.gpv2VaultRelayer! } }
    const api = await startBenchChild({
      role: 'api',
      venues: 'config',
      env,
      cowContracts,
      ...(apiCommand ? { command: apiCommand } : {}),
    })
    started.push(api)
    const quoteUrl = `${api.ready.url as string}/api/sdk/v1/quote?${QUOTE_QUERY}`

    await standIn.request({
      type: 'record',
      targets: {
        zerox: sandbox.simulators.zeroxUrl,
        // The adapter adds LI.FI's `/v1` to a base URL without it, and the simulator's URL carries it.
        lifi: sandbox.simulators.lifiUrl.replace(/\/v1\/?$/, ''),
        cow: sandbox.simulators.cowUrl,
      },
    })
    const recorded = await fetch(quoteUrl, { headers: { 'X-Forwarded-For': '192.0.2.1' } })
    const body = (await recorded.json()) as { provider?: string }
    if (recorded.status !== 200) throw new Error(`recording quote failed: ${JSON.stringify(body)}`)

    started.splice(started.indexOf(sandbox), 1)
    await sandbox.stop()

    return {
      api,
      standInUrl,
      env,
      cowContracts,
      quoteUrl,
      async startBareProxy({ withLogic = false } = {}) {
        const { calls } = await standIn.request<{ calls: VenueCall[] }>({ type: 'calls' })
        const answer = await api.request<{ url?: string; error?: string }>({
          type: 'bareProxy',
          calls,
          withLogic,
          quotePath: `/api/sdk/v1/quote?${QUOTE_QUERY}`,
        })
        if (!answer.url) throw new Error(`the bare proxy did not start: ${answer.error}`)
        return `${answer.url}/api/sdk/v1/quote?${QUOTE_QUERY}`
      },
      async measureLogic({ quotes, runs, inFlight }) {
        const answer = await api.request<Partial<QuoteLogicFigures> & { error?: string }>({
          type: 'logicLoop',
          quotePath: `/api/sdk/v1/quote?${QUOTE_QUERY}`,
          quotes,
          runs,
          inFlight,
        })
        const { cpuMsPerQuote, parseMsPerQuote } = answer
        if (!cpuMsPerQuote || parseMsPerQuote === undefined)
          throw new Error(`the logic loop failed: ${answer.error}`)
        return { cpuMsPerQuote, parseMsPerQuote }
      },
      pinApi() {
        return pinServerCore({ serverPid: api.pid, otherPids: [process.pid, standIn.pid] })
      },
      async replay(delays) {
        const { recorded: keys, statuses } = await standIn.request<{
          recorded: string[]
          statuses: Record<string, number>
        }>({ type: 'replay', delays })
        if (keys.length < 3) throw new Error(`the stand-in recorded only ${keys.join(', ')}`)
        // Every venue must have priced the recorded quote, or the figure would race fewer than it says.
        const failed = keys.filter((key) => statuses[key] !== 200)
        if (failed.length > 0) {
          throw new Error(`the stand-in recorded failures: ${failed.map((key) => `${key} ${statuses[key]}`)}`)
        }
        return keys
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
