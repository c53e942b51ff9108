import { createApp } from '../api/app'
import type { Config } from '../api/config'
import { createVenueFetch, type VenueFetch } from '../api/venues/common/venueFetch'
import type { Venue } from '../api/venues/venue'

/** CPU milliseconds per quote of each run, and of parsing the venue bodies alone. */
export type QuoteLogicFigures = { cpuMsPerQuote: number[]; parseMsPerQuote: number }

export type QuoteLogicLoopParameters = {
  config: Config
  venues: readonly Venue[]
  /** `/api/sdk/v1/quote?…`: the quote the rig measures. */
  quotePath: string
  /** Quotes per run, and runs. */
  quotes: number
  runs: number
  /** Quotes in flight at once, as callers would keep them. */
  inFlight: number
}

/**
 * The API's own CPU per quote with no I/O at all: an app of its own in this process whose venue
 * client answers each venue call from memory (the venue's first answer, read once through the real
 * client), asked through `app.request` with no socket, `inFlight` quotes at a time. What is left is
 * the API's logic: routing and middleware, validation, the venue adapters, the race, fees, the quote and
 * its JSON. Resolves to the CPU milliseconds per quote of each run, and to the CPU per quote of the
 * part the bare proxy does too: parsing the venues' JSON bodies.
 */
export async function runQuoteLogicLoop({
  config,
  venues,
  quotePath,
  quotes,
  runs,
  inFlight,
}: QuoteLogicLoopParameters): Promise<QuoteLogicFigures> {
  const { quote, answers } = createQuoteLogic({ config, venues, quotePath })
  const run = async () => {
    let left = quotes
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (left > 0) {
          left -= 1
          await quote()
        }
      }),
    )
  }
  // One quote alone first reads each venue's answer once, then a warm run, as in the load runs: the
  // optimised code is what a running service runs.
  await quote()
  await run()
  const perQuote: number[] = []
  for (let index = 0; index < runs; index += 1) {
    const before = process.cpuUsage()
    await run()
    const { user, system } = process.cpuUsage(before)
    perQuote.push((user + system) / 1000 / quotes)
  }
  // The venue bodies' `JSON.parse`, which the bare proxy does as well: timed alone, as often.
  const bodies = [...answers.values()].map(({ text }) => text)
  const before = process.cpuUsage()
  for (let index = 0; index < quotes; index += 1) for (const body of bodies) JSON.parse(body)
  const { user, system } = process.cpuUsage(before)
  return { cpuMsPerQuote: perQuote, parseMsPerQuote: (user + system) / 1000 / quotes }
}

/**
 * The API's logic for one quote at a time, without I/O: an app of its own whose venue client answers
 * from memory (each venue's first answer, read once through the real client), asked through
 * `app.request`, its body read as the server reads it. Each `quote()` comes from a caller of its own,
 * so the rate limit never answers instead. Used alone by `runQuoteLogicLoop`, and after the real venue
 * calls by the bare proxy's `withLogic` twin.
 */
export function createQuoteLogic({
  config,
  venues,
  quotePath,
}: Pick<QuoteLogicLoopParameters, 'config' | 'venues' | 'quotePath'>) {
  const memory = answerFromMemory(createVenueFetch())
  const app = createApp({ config, venues, fetch: memory.fetch })
  let caller = 0
  const quote = async () => {
    caller += 1
    const address = `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`
    const response = await app.request(quotePath, { headers: { 'X-Forwarded-For': address } })
    const body = await bodyAsServed(response)
    if (response.status !== 200)
      throw new Error(`the logic's quote answered ${response.status}: ${body.slice(0, 200)}`)
  }
  return { quote, answers: memory.answers }
}

/** A venue client answering each method and path from memory once it has been asked through `fetch`. */
function answerFromMemory(fetch: VenueFetch) {
  const answers = new Map<string, { status: number; text: string }>()
  const fromMemory: VenueFetch = async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(url).pathname}`
    let answer = answers.get(key)
    if (!answer) {
      const response = await fetch(url, init)
      answer = { status: response.status, text: await response.text() }
      answers.set(key, answer)
    }
    const { status, text } = answer
    return { status, text: async () => text }
  }
  return { fetch: fromMemory, answers }
}

/**
 * The answer's body as the server takes it: `@hono/node-server`'s `Response` keeps a string body as
 * the app gave it, and the server writes that string to the socket as it is (`responseViaCache`).
 * `text()` would first build the WHATWG `Response` and stream the server never makes: about 15 KB
 * and 60 µs per quote that a served quote does not cost (the loop read 0.28 ms per quote with `text()`,
 * 0.22 ms without, alternated runs). Read through the adapter's own cache, found by its symbol's name;
 * any other response is read with `text()`.
 */
async function bodyAsServed(response: Response): Promise<string> {
  const cache = Object.getOwnPropertySymbols(response).find((symbol) => symbol.description === 'cache')
  const cached = cache === undefined ? undefined : (response as unknown as Record<symbol, unknown[]>)[cache]
  return typeof cached?.[1] === 'string' ? cached[1] : response.text()
}
