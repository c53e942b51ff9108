import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createFaultController } from './createFaultController'
import { faultMiddleware } from './faultMiddleware'

/** A simulator app whose one route says when its handler ran, behind a latency fault of `latencyMs`. */
function slowVenue(latencyMs: number) {
  const controller = createFaultController({ initial: [{ simulator: 'zerox', mode: 'latency', latencyMs }] })
  let handlerRan!: () => void
  const ran = new Promise<void>((resolve) => (handlerRan = resolve))
  const app = new Hono()
  app.use(
    faultMiddleware({
      controller,
      simulator: 'zerox',
      serverErrorBody: () => ({}),
      noLiquidity: () => undefined,
    }),
  )
  app.get('/price', (c) => {
    handlerRan()
    return c.json({ buyAmount: '42' })
  })
  return { app, controller, ran }
}

describe('faultMiddleware latency', () => {
  it('does the venue’s work at once and holds only the answer, so latency is the whole time to the answer', async () => {
    const { app, controller, ran } = slowVenue(600_000)
    let answered = false
    const response = Promise.resolve(app.request('/price')).then((answer) => {
      answered = true
      return answer
    })
    // The handler (a simulator's pricing, its call to another simulator) has run…
    await ran
    await new Promise((resolve) => setImmediate(resolve))
    // …while the answer is still held for the latency.
    expect(answered).toBe(false)
    controller.stop()
    const answer = await response
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ buyAmount: '42' })
  })

  it('answers a request the caller gave up on without waiting out the latency', async () => {
    const { app, ran } = slowVenue(600_000)
    const caller = new AbortController()
    const response = app.request('/price', { signal: caller.signal })
    await ran
    caller.abort()
    expect((await response).status).toBe(200)
  })
})
