import { describe, expect, it } from 'vitest'

describe('swap-quote module', () => {
  it('imports where there is no window or customElements, registering nothing', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const module = await import('./index')
    expect(module.SWAP_QUOTE_TAG).toBe('swap-quote')
    expect(typeof module.SwapQuote).toBe('function')
  })

  it('exposes exactly the public widget surface', async () => {
    const module = await import('./index')
    expect(Object.keys(module).sort()).toMatchInlineSnapshot(`
      [
        "PREVIEW_ADDRESS",
        "QUOTE_DEBOUNCE_MS",
        "SWAP_QUOTE_TAG",
        "SwapQuote",
        "SwapQuoteBeforeExecuteEvent",
        "SwapQuoteChangeEvent",
        "SwapQuoteConnectEvent",
        "SwapQuoteDoneEvent",
        "SwapQuoteErrorEvent",
        "SwapQuoteQuoteEvent",
        "SwapQuoteStepEvent",
        "SwapQuoteSubmittedEvent",
      ]
    `)
  })
})
