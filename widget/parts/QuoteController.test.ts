import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { beforeAll, describe, expect, it } from 'vitest'
import type { QuoteClient } from '../../shared/client'
import { SwapApiError } from '../../shared/client/SwapApiError'
import type { Quote } from '../../shared/schemas'
import { loadQuoteProblems } from './loadQuoteProblems'
import { QuoteController, type QuoteRequest, type QuoteTimers } from './QuoteController'

// The failed-quote words load lazily in the widget; here they are in place before the clock moves.
beforeAll(() => loadQuoteProblems())

/** A clock and timers that move only when the test says so: no sleeps. */
function manualTimers(): QuoteTimers & { advance(ms: number): Promise<void>; pending(): number[] } {
  let now = 1_700_000_000_000
  let nextId = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++nextId, { at: now + ms, run })
      return nextId
    },
    clearTimeout: (id) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((timer) => timer.at - now),
    async advance(ms) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue
        timers.delete(id)
        timer.run()
      }
      // Let the task's awaits settle.
      for (let turn = 0; turn < 10; turn++) await Promise.resolve()
    },
  }
}

/** A host whose update cycle the test runs: each update lets the Task look at its arguments. */
function fakeHost() {
  const controllers: ReactiveController[] = []
  const host: ReactiveControllerHost & { update(): Promise<void> } = {
    addController: (controller) => void controllers.push(controller),
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
    async update() {
      for (const controller of controllers) controller.hostUpdate?.()
      for (let turn = 0; turn < 10; turn++) await Promise.resolve()
    },
  }
  return host
}

const request: QuoteRequest = {
  apiBase: 'https://quotes.example',
  params: {
    sellChain: 'ETH',
    sellToken: 'ETH',
    buyChain: 'ETH',
    buyToken: 'USDC',
    amount: '1',
    address: '0xdEaD',
  },
} as QuoteRequest

function quoteExpiringAt(expiresAtMs: number): Quote {
  return { provider: '0x', expiresAt: new Date(expiresAtMs).toISOString() } as Quote
}

function setUp(answers: (() => Promise<Quote>)[]) {
  const timers = manualTimers()
  const host = fakeHost()
  const asked: QuoteRequest['params'][] = []
  const client = {
    quote: (params: QuoteRequest['params']) => {
      asked.push(params)
      const answer = answers.shift()
      if (!answer) throw new Error('no answer left')
      return answer()
    },
  } as unknown as QuoteClient
  const quotes: Quote[] = []
  const problems: string[] = []
  const controller = new QuoteController(host, {
    request: () => ({ ...request, params: { ...request.params } }),
    client: async () => client,
    paused: () => false,
    connected: () => true,
    onQuote: (quote) => quotes.push(quote),
    onProblem: (problem) => problems.push(problem.code),
    timers,
  })
  return { timers, host, controller, asked, quotes, problems }
}

describe('QuoteController', () => {
  it('asks at once, not again for an equal request, and refreshes 5 s before expiry without waiting', async () => {
    const { timers, host, controller, asked, quotes } = setUp([
      async () => quoteExpiringAt(timers.now() + 60_000),
      async () => quoteExpiringAt(timers.now() + 60_000),
    ])
    // The first quote leaves with the first update: nothing was typed, so nothing is debounced.
    await host.update()
    expect(asked).toHaveLength(1)
    expect(quotes).toHaveLength(1)
    expect(controller.resultFor(request)?.quote).toBe(quotes[0])
    // An equal request (a new object with the same fields) is not a new request.
    await host.update()
    expect(asked).toHaveLength(1)
    expect(timers.pending()).toEqual([55_000])
    await timers.advance(54_999)
    await host.update()
    expect(asked).toHaveLength(1)
    await timers.advance(1)
    await host.update()
    expect(asked).toHaveLength(2)
  })

  it('waits for a pause in typing: keys 300 ms apart or less ask once, for the last value', async () => {
    const timers = manualTimers()
    const host = fakeHost()
    const asked: string[] = []
    let amount = '1'
    const client = {
      quote: async (params: QuoteRequest['params']) => {
        asked.push(params.amount)
        return quoteExpiringAt(timers.now() + 60_000)
      },
    } as unknown as QuoteClient
    const controller = new QuoteController(host, {
      request: () => ({ ...request, params: { ...request.params, amount } }),
      client: async () => client,
      paused: () => false,
      connected: () => true,
      onQuote: () => undefined,
      onProblem: () => undefined,
      timers,
    })
    await host.update()
    expect(asked).toEqual(['1'])
    for (const typed of ['1.', '1.5', '1.55']) {
      controller.typed()
      amount = typed
      await host.update()
      await timers.advance(299)
    }
    expect(asked).toEqual(['1'])
    await timers.advance(1)
    expect(asked).toEqual(['1', '1.55'])
    // A change that was not typed (the host set the attribute, a list pick) asks at once.
    amount = '2'
    await host.update()
    expect(asked).toEqual(['1', '1.55', '2'])
  })

  it('after a rate limit shows the problem and waits exactly Retry-After before asking again', async () => {
    const { timers, host, controller, asked, problems } = setUp([
      async () => {
        throw new SwapApiError({
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Too many quotes',
          retryAfterSeconds: 7,
        })
      },
      async () => quoteExpiringAt(timers.now() + 60_000),
    ])
    await host.update()
    expect(problems).toEqual(['RATE_LIMITED'])
    expect(controller.problemFor(request)?.code).toBe('RATE_LIMITED')
    expect(controller.retryAt).toBe(timers.now() + 7_000)
    await timers.advance(6_999)
    await host.update()
    expect(asked).toHaveLength(1)
    await timers.advance(1)
    await host.update()
    expect(asked).toHaveLength(2)
    expect(controller.problemFor(request)).toBeUndefined()
    expect(controller.resultFor(request)).toBeDefined()
  })
})
