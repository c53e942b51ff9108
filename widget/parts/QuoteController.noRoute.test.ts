import type { ReactiveControllerHost } from 'lit'
import { beforeAll, describe, expect, it } from 'vitest'
import type { QuoteClient } from '../../shared/client'
import { SwapApiError } from '../../shared/client/SwapApiError'
import type { Quote } from '../../shared/schemas'
import { loadQuoteProblems } from './loadQuoteProblems'
import { NO_ROUTE_RETRY_MS, QuoteController, type QuoteRequest, type QuoteTimers } from './QuoteController'

beforeAll(() => loadQuoteProblems())

/** A clock and timers that move only when the test says so. */
function manualTimers(): QuoteTimers & { advance(ms: number): Promise<void> } {
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
    async advance(ms) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue
        timers.delete(id)
        timer.run()
      }
      for (let turn = 0; turn < 10; turn++) await Promise.resolve()
    },
  }
}

describe('QuoteController after NO_ROUTE', () => {
  it('asks the same inputs again 30 s later, and shows the quote once a route exists', async () => {
    const timers = manualTimers()
    const controllers: { hostUpdate?: () => void }[] = []
    const host = {
      addController: (controller: { hostUpdate?: () => void }) => void controllers.push(controller),
      removeController: () => undefined,
      requestUpdate: () => undefined,
      updateComplete: Promise.resolve(true),
    } as unknown as ReactiveControllerHost
    const update = async () => {
      for (const controller of controllers) controller.hostUpdate?.()
      for (let turn = 0; turn < 10; turn++) await Promise.resolve()
    }
    const request = {
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
    let asked = 0
    const client = {
      quote: async () => {
        asked++
        if (asked === 1) throw new SwapApiError({ status: 404, code: 'NO_ROUTE', message: 'No route' })
        return { provider: '0x', expiresAt: new Date(timers.now() + 60_000).toISOString() } as Quote
      },
    } as unknown as QuoteClient
    const controller = new QuoteController(host, {
      request: () => ({ ...request, params: { ...request.params } }),
      client: async () => client,
      paused: () => false,
      connected: () => true,
      onQuote: () => undefined,
      onProblem: () => undefined,
      timers,
    })
    await update()
    expect(controller.problemFor(request)?.code).toBe('NO_ROUTE')
    expect(controller.retryAt).toBe(timers.now() + NO_ROUTE_RETRY_MS)
    await timers.advance(NO_ROUTE_RETRY_MS - 1)
    await update()
    expect(asked).toBe(1)
    await timers.advance(1)
    await update()
    expect(asked).toBe(2)
    expect(controller.resultFor(request)).toBeDefined()
  })
})
