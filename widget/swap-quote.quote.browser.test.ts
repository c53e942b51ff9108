import type { SwapQuoteChangeEvent, SwapQuoteErrorEvent, SwapQuoteQuoteEvent } from './events'
import { QUOTE_DEBOUNCE_MS, type SwapQuote } from './swap-quote'
import {
  $,
  advanceClock,
  assert,
  assertEqual,
  clockOf,
  describe,
  it,
  mount,
  openRouteDetail,
  quoteLog,
  scenarioBase,
  textOf,
  typeInto,
  waitForQuote,
  waitUntil,
} from './test/harness'
import { pickToken } from './test/pickToken'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'

const base = {
  'sell-chain': 'ETH',
  'sell-token': 'ETH',
  'buy-chain': 'ETH',
  'buy-token': 'USDC',
}

/** How many `/chains` and `/tokens` requests the fake API has been asked and has answered. */
const listRequests = async (api: string) =>
  (await fetch(`${api}/__lists`)).json() as Promise<{ asked: number; answered: number }>

/** Lets go of what a `*-held` scenario holds. */
const release = (api: string) => fetch(`${api}/__release`, { method: 'POST' })

describe('<swap-quote> quoting', () => {
  it('registers once and renders its form in a shadow root', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    assert(customElements.get('swap-quote'), 'the tag is defined')
    assert(element.shadowRoot?.querySelector('form'), 'the form renders in the shadow root')
    assertEqual(textOf(element, '[data-testid="quote"]'), 'Enter an amount to see a quote.')
  })

  it('shows the estimate, the guaranteed minimum, rate, route and partner fee note for the attributes given', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      ...base,
      amount: '2',
      slippage: '0.5',
      partner: 'acme',
      'partner-fee-bps': '25',
    })
    const estimate = await waitForQuote(element)
    assertEqual(estimate, '5.000001 USDC', 'estimate from the fake API')
    assertEqual(textOf(element, '[data-testid="min-buy-amount"]'), '4.95 USDC', 'the floor, rounded down')
    assertEqual(textOf(element, '[data-testid="rate"]'), '1 ETH = 2.5 USDC')
    assertEqual(textOf(element, '[data-testid="provider"]'), '0x')
    await openRouteDetail(element)
    assert(textOf(element, '[data-testid="partner-fee"]') === 'None on this route', 'partner fee note shown')
    assert(textOf(element, '[data-testid="expiry"]').startsWith('Quote expires in'), 'countdown shown')
    assert(textOf(element, '[data-testid="indicative"]'), 'marked indicative without a wallet')
    const [request] = await quoteLog(api)
    assertEqual(request?.query, {
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'ETH',
      buyToken: 'USDC',
      amount: '2',
      address: '0x000000000000000000000000000000000000dEaD',
      slippage: '0.5',
      partner: 'acme',
      partnerFeeBps: '25',
      include: 'alternatives',
    })
  })

  // A test that opens the picker allows 45 s: `pickToken` gives the picker's chunk 30 s to load cold.
  it('fills the token picker from /chains and /tokens and quotes a picked token', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitUntil(
      () => /USDC on Ethereum/.test(textOf(element, '[name="buy-token"]')),
      'USDC from the attribute',
    )
    const changes: string[] = []
    const details: unknown[] = []
    // A host listening on an ancestor sees the event (it bubbles out of the shadow root) with its
    // payload in `detail` too, as CustomEvent readers expect.
    document.body.addEventListener('swap-quote:change', (event) =>
      details.push((event as CustomEvent).detail),
    )
    element.addEventListener('swap-quote:change', (event: SwapQuoteChangeEvent) =>
      changes.push(`${event.name}=${event.value}`),
    )
    await pickToken(element, 'buy', { option: '[data-symbol="USDT"]' })
    const usdt = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'
    assertEqual(changes, [`buy-token=${usdt}`])
    assertEqual(details, [{ name: 'buy-token', value: usdt }])
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.buyToken === usdt)),
      'quoted with the picked token',
    )
  }, 45_000)

  it('offers a pasted contract address as a custom token and quotes it', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    const address = '0x1111111111111111111111111111111111111111'
    await pickToken(element, 'sell', { search: address, option: '[data-symbol]' })
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.sellToken === address)),
      'quoted with the pasted address',
    )
    assert(textOf(element, '[name="sell-token"]').includes('0x1111…1111'), 'custom token shown as selected')
  }, 45_000)

  it('offers the native coin of a non-EVM chain (BTC) from /tokens, keeps HIVE out of the pickers, and quotes it without an error', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.1',
      recipient: '0x1111111111111111111111111111111111111111',
    })
    await waitUntil(
      async () => textOf(element, '[name="sell-token"]').includes('BTC on Bitcoin'),
      'BTC shown on the sell side, as /tokens lists it',
    )
    $<HTMLButtonElement>(element, '[name="sell-token"]')!.click()
    await waitUntil(() => $(element, '[role="option"][data-symbol="BTC"]'), 'BTC offered in the picker')
    assert(
      $(element, '[data-chain="BTC"]') && !$(element, '[data-chain="HIVE"]'),
      'BTC listed, HIVE kept out',
    )
    assert(
      !(element.shadowRoot?.textContent ?? '').includes('could not be loaded'),
      'no token-list failure for a chain that has none',
    )
  })

  it('names an attribute the site owner got wrong, for them and once in the console, and asks for no quote', async () => {
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '))
    try {
      const api = await scenarioBase('ok')
      const elements: Awaited<ReturnType<typeof mount>>[] = []
      const cases: [Record<string, string>, string][] = [
        [{ 'api-base': api, ...base, slippage: '80', amount: '1' }, 'slippage="80"'],
        [{ 'api-base': api, ...base, 'sell-chain': 'NOPE', amount: '1' }, 'sell-chain="NOPE"'],
        [{ ...base, amount: '1' }, 'api-base is not set'],
        // Set, but to a site that is not the service (a typo): its /chains is a 404.
        [
          { 'api-base': `${location.origin}/not-the-service`, ...base, amount: '1' },
          `api-base="${location.origin}/not-the-service" has no /api/sdk/v1`,
        ],
        // A fee with no partner id to pay it to: the service would collect none.
        [
          { 'api-base': api, ...base, 'partner-fee-bps': '25', amount: '1' },
          'partner-fee-bps="25" needs partner',
        ],
      ]
      for (const [attributes, named] of cases) {
        const element = await mount(attributes)
        elements.push(element)
        await waitUntil(
          () => textOf(element, '[data-testid="setup-problem"]').includes(named),
          `set-up note naming ${named}`,
        )
        assert(
          textOf(element, '[data-testid="setup-problem"]').includes('site owner'),
          'addressed to the site owner',
        )
        // Not a user's problem: no quote error, no "check the amount", no "could not get a price".
        const shown = element.shadowRoot?.textContent ?? ''
        assert(
          !/check the amount|could not get a price|Enter the recipient/i.test(shown),
          `no user message for ${named}`,
        )
        assert(
          $<HTMLButtonElement>(element, 'button[part="action-button"]')?.disabled === true,
          'Swap stays disabled',
        )
        assertEqual(
          warnings.filter((warning) => warning.includes(named)).length,
          1,
          `one console warning for ${named}`,
        )
      }
      for (const element of elements) await advanceClock(element, QUOTE_DEBOUNCE_MS)
      assertEqual((await quoteLog(api)).length, 0, 'no quote requested while the set-up is wrong')
    } finally {
      console.warn = warn
    }
  })

  it('shows the amount grammar message and requests nothing for a bad amount', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    for (const bad of ['1e5', '-1', '0x10', '1.5.', '0.0.1', 'abc']) {
      typeInto($(element, 'input[name="amount"]'), bad)
      await element.updateComplete
      assert(textOf(element, '[data-testid="amount-problem"]') !== '', `a message for ${bad}`)
      assertEqual($(element, 'input[name="amount"]')?.getAttribute('aria-invalid'), 'true')
    }
    await advanceClock(element, QUOTE_DEBOUNCE_MS)
    assertEqual((await quoteLog(api)).length, 0, 'no quote requests for bad amounts')
  })

  it('points at no mistake while a number is still being typed, and quotes it once it is one', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '' })
    // "0.5" and "12,5" key by key: "0", "0." and "12," are on their way to a number, not mistakes.
    for (const typing of ['0', '0.', '0.0', '1', '12', '12,']) {
      typeInto($(element, 'input[name="amount"]'), typing)
      await element.updateComplete
      assertEqual(textOf(element, '[data-testid="amount-problem"]'), '', `no message for ${typing}`)
      assertEqual($(element, 'input[name="amount"]')?.getAttribute('aria-invalid'), 'false', typing)
    }
    typeInto($(element, 'input[name="amount"]'), '0.')
    await advanceClock(element, QUOTE_DEBOUNCE_MS)
    assertEqual(textOf(element, '[part="action-button"]'), 'Enter an amount')
    assertEqual((await quoteLog(api)).length, 0, 'nothing asked for an amount not yet typed')
    typeInto($(element, 'input[name="amount"]'), '0.5')
    await advanceClock(element, QUOTE_DEBOUNCE_MS)
    await waitForQuote(element)
    assertEqual(
      (await quoteLog(api)).map((entry) => entry.query.amount),
      ['0.5'],
    )
  })

  it('rejects more fraction digits than the sell token has', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, 'sell-token': 'USDC' })
    // The token list, and so USDC's decimals, has loaded once the button shows its logo.
    await waitUntil(() => $(element, '[name="sell-token"] img'), 'tokens')
    typeInto($(element, 'input[name="amount"]'), '1.1234567')
    await element.updateComplete
    assert(
      textOf(element, '[data-testid="amount-problem"]').includes('6 decimal places'),
      'USDC has 6 decimals',
    )
  })

  it('debounces typing into one request for the final amount', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    const input = $<HTMLInputElement>(element, 'input[name="amount"]')
    for (const partial of ['1', '1.', '1.5', '1.52']) {
      typeInto(input, partial)
      await element.updateComplete
    }
    await waitForQuote(element)
    const log = await quoteLog(api)
    assertEqual(
      log.map((entry) => entry.query.amount),
      ['1.52'],
    )
  })

  it('asks for the chain and token lists once the first quote is answered, not while it is on its way', async () => {
    const api = await scenarioBase('quote-held')
    const lists = () => listRequests(api)
    try {
      const element = await mount({ 'api-base': api, ...base, amount: '1' })
      await waitUntil(() => quoteLog(api).then((log) => log.length === 1), 'the first quote was asked')
      await element.updateComplete
      assertEqual((await lists()).asked, 0, 'no list asked while the quote is on its way')
      await release(api)
      assertEqual(await waitForQuote(element), '2.500001 USDC')
      // The chain list and the token list (both sides are on ETH), for the picker and the logos.
      await waitUntil(() => lists().then(({ answered }) => answered >= 2), 'the lists loaded after it')
    } finally {
      await release(api)
    }
  })

  it('asks for the lists only after the update that shows the first quote, not before its render', async () => {
    const api = await scenarioBase('ok')
    // What the element showed as each list request left (the client looks `fetch` up at call time).
    const shownAtListRequest: string[] = []
    let element: SwapQuote | undefined
    const pageFetch = window.fetch
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (element && /\/(chains|tokens)\b/.test(url)) {
        shownAtListRequest.push(textOf(element, '[data-testid="buy-amount"]'))
      }
      return pageFetch(input, init)
    }
    try {
      element = await mount({ 'api-base': api, ...base, amount: '1' })
      assertEqual(await waitForQuote(element), '2.500001 USDC')
      await waitUntil(() => shownAtListRequest.length >= 2, 'the chain list and the token list were asked')
      assert(
        shownAtListRequest.every((shown) => shown === '2.500001 USDC'),
        `the quote was on screen before each list was asked: ${JSON.stringify(shownAtListRequest)}`,
      )
    } finally {
      window.fetch = pageFetch
    }
  })

  it('asks for the chain list at once when the token picker opens while the first quote is on its way', async () => {
    const api = await scenarioBase('quote-held')
    const lists = () => listRequests(api)
    try {
      const element = await mount({ 'api-base': api, ...base, amount: '1' })
      await waitUntil(() => quoteLog(api).then((log) => log.length === 1), 'the first quote was asked')
      $<HTMLButtonElement>(element, '[name="sell-token"]')!.click()
      await waitUntil(() => $(element, '[data-chain="BASE"]'), 'the picker offers the chains', 15_000)
      assert((await lists()).answered >= 1, 'the chain list came with the quote still held')
      assertEqual((await quoteLog(api))[0]?.finished, false, 'the quote is still on its way')
    } finally {
      await release(api)
    }
  })

  it('asks for the chain and token lists at once when no quote is asked', async () => {
    const api = await scenarioBase('lists-held')
    const lists = () => listRequests(api)
    try {
      await mount({ 'api-base': api, ...base, amount: '' })
      // The chain list and the token list (both sides are on ETH).
      await waitUntil(() => lists().then(({ asked }) => asked >= 2), 'the lists asked for without a quote')
      assertEqual((await quoteLog(api)).length, 0)
    } finally {
      await release(api)
    }
  })

  it('ignores a slow answer to an older request', async () => {
    const api = await scenarioBase('slow')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitUntil(() => quoteLog(api).then((log) => log.length === 1), 'the slow request started')
    typeInto($(element, 'input[name="amount"]'), '2')
    const estimate = await waitForQuote(element)
    assertEqual(estimate, '5.000002 USDC', 'the newer quote')
    await waitUntil(
      () => quoteLog(api).then((log) => log.every((entry) => entry.finished)),
      'the slow answer was sent',
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    assertEqual(textOf(element, '[data-testid="buy-amount"]'), '5.000002 USDC', 'still the newer quote')
  })

  it('refreshes the quote before it expires', async () => {
    const api = await scenarioBase('short-expiry')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    const quotes: string[] = []
    element.addEventListener('swap-quote:quote', (event: SwapQuoteQuoteEvent) =>
      quotes.push(event.quote.buyAmount),
    )
    const first = await waitForQuote(element)
    await waitUntil(
      () => textOf(element, '[data-testid="buy-amount"]') !== first,
      'a refreshed quote is shown',
    )
    assert((await quoteLog(api)).length >= 2, 'the quote was requested again')
    assert(quotes.length >= 1, 'swap-quote:quote fired for the refresh')
    assert(!textOf(element, '[data-testid="expiry"]').includes('expired'), 'never shown as expired')
  })

  it('refreshes at most every few seconds when the computer clock runs fast', async () => {
    // Every quote looks expired on arrival to a clock ten minutes ahead.
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '1' }, (clock) =>
      clock.advance(10 * 60_000),
    )
    await waitForQuote(element)
    await advanceClock(element, 2000)
    assertEqual((await quoteLog(api)).length, 1, 'one request, not a loop')
    // The refresh leaves at the 3 s floor itself: only typing waits for a debounce.
    await advanceClock(element, 1000)
    await waitUntil(() => quoteLog(api).then((log) => log.length === 2), 'the refresh, a few seconds on')
  })

  it('takes the quote off offer when its refresh fails, says why, and retries on its own', async () => {
    const api = await scenarioBase('refresh-fails')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitForQuote(element)
    const problem = await waitUntil(() => textOf(element, '[part="error"]'), 'the failed refresh', 10_000)
    assert(problem.includes('could not get a price'), problem)
    assert(textOf(element, '[data-testid="retry-countdown"]').startsWith('Trying again in'), 'retry shown')
    assert(!$(element, '[data-testid="buy-amount"]'), 'the old quote is no longer shown')
    assert($<HTMLButtonElement>(element, '[part="action-button"]')?.disabled, 'nothing to execute')
    await waitForQuote(element)
    assert((await quoteLog(api)).length >= 3, 'the retry brought a new quote')
  })

  it('asks again the moment the connection comes back, not at the end of its wait', async () => {
    const api = await scenarioBase('ok')
    const original = window.fetch
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    let element
    try {
      // A clock whose timers never fire: only the connection coming back can bring the retry.
      element = await mount({ 'api-base': api, ...base, amount: '1' }, (_clock, mounting) => {
        mounting.clock = { now: () => Date.now(), setTimeout: () => ({}), clearTimeout: () => undefined }
      })
      await waitUntil(() => textOf(element!, '[part="error"]').includes('cannot be reached'), 'offline')
    } finally {
      window.fetch = original
    }
    assertEqual((await quoteLog(api)).length, 0, 'nothing reached the service')
    dispatchEvent(new Event('online'))
    await waitForQuote(element)
    assertEqual($(element, '[part="error"]'), null, 'the problem gone with the quote')
  })

  it("keeps a rate limit's wait when the connection comes back", async () => {
    const api = await scenarioBase('rate-limited')
    const element = await mount({ 'api-base': api, ...base, amount: '1' }, (_clock, mounting) => {
      mounting.clock = { now: () => Date.now(), setTimeout: () => ({}), clearTimeout: () => undefined }
    })
    await waitUntil(() => $(element, '[part="error"]'), 'the rate limit')
    const original = window.fetch
    const asked: string[] = []
    window.fetch = (input, init) => {
      asked.push(String(input))
      return original(input, init)
    }
    try {
      dispatchEvent(new Event('online'))
      // What the event set off has started by then: its update, and the request it would make.
      await element.updateComplete
      await new Promise((resolve) => setTimeout(resolve))
      // No quote, that is: the chain and token lists, which open once the first answer is in, are not limited.
      assertEqual(
        asked.filter((url) => url.includes('/quote')),
        [],
        'no request before the service said to come back',
      )
    } finally {
      window.fetch = original
    }
  })

  it('makes no more requests once removed from the page', async () => {
    const api = await scenarioBase('short-expiry')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    // Removed while its first request, made at once, may still be on its way.
    await waitUntil(() => quoteLog(api).then((log) => log.length === 1), 'the first request')
    element.remove()
    await advanceClock(element, 10 * 60_000)
    assertEqual(clockOf(element).pending(), 0, 'nothing left scheduled')
    assertEqual((await quoteLog(api)).length, 1, 'no request after the removal')
  })

  it('keeps refreshing after the page moves it', async () => {
    const api = await scenarioBase('short-expiry')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    const first = await waitForQuote(element)
    document.body.append(element)
    await waitUntil(
      () =>
        textOf(element, '[data-testid="buy-amount"]') !== first &&
        textOf(element, '[data-testid="buy-amount"]'),
      'a refreshed quote',
      10_000,
    )
  })

  it('asks for a recipient on a cross-chain swap and checks its format for the buy chain', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      ...base,
      'buy-chain': 'BTC',
      'buy-token': 'BTC',
      amount: '1',
    })
    const recipient = await waitUntil(
      () => $<HTMLInputElement>(element, 'input[name="recipient"]'),
      'recipient field',
    )
    assert(
      textOf(element, 'label:has(input[name="recipient"])').includes('Bitcoin'),
      'labelled with the buy chain',
    )
    typeInto(recipient, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    await element.updateComplete
    assert(
      textOf(element, '[data-testid="recipient-problem"]').includes('not a Bitcoin address'),
      'format checked',
    )
    typeInto(recipient, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await waitForQuote(element)
    const [request] = await quoteLog(api)
    assertEqual(request?.query.recipient, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
  })

  it('takes the recipient attribute', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      ...base,
      'buy-chain': 'BASE',
      'buy-token': 'ETH',
      amount: '1',
      recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    })
    await waitForQuote(element)
    assertEqual((await quoteLog(api))[0]?.query.recipient, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
  }, 45_000)

  for (const [chain, token, recipient] of [
    ['BASE', 'ETH', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'],
    ['BTC', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ] as const) {
    it(`sends no recipient once the user switches a ${chain} pair to the same chain and the field goes`, async () => {
      const api = await scenarioBase('ok')
      const element = await mount({
        'api-base': api,
        ...base,
        'buy-chain': chain,
        'buy-token': token,
        amount: '1',
      })
      const field = await waitUntil(() => $<HTMLInputElement>(element, 'input[name="recipient"]'), 'field')
      typeInto(field, recipient)
      await waitUntil(
        () => quoteLog(api).then((log) => log.some((entry) => entry.query.recipient === recipient)),
        'quoted for the recipient',
      )
      await pickToken(element, 'buy', { chain: 'ETH', option: '[data-symbol="USDC"]' })
      await waitUntil(
        () => quoteLog(api).then((log) => log.at(-1)?.query.buyChain === 'ETH'),
        'quoted the same-chain pair',
      )
      await waitForQuote(element)
      assert(!$(element, 'input[name="recipient"]'), 'no recipient field on a same-chain pair')
      assertEqual(
        (await quoteLog(api)).at(-1)?.query.recipient,
        undefined,
        'no recipient the user cannot see',
      )
    })
  }

  it('does not send a recipient attribute for a same-chain pair: the output goes to the wallet', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      ...base,
      amount: '1',
      recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    })
    await waitForQuote(element)
    assert(!$(element, 'input[name="recipient"]'), 'no recipient field')
    assertEqual((await quoteLog(api))[0]?.query.recipient, undefined)
  })

  it('takes a chain id or a lower-case symbol for sell-chain and buy-chain', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      'sell-chain': '8453',
      'sell-token': 'ETH',
      'buy-chain': 'base',
      'buy-token': 'USDC',
      amount: '1',
    })
    await waitForQuote(element)
    assert(!$(element, 'input[name="recipient"]'), 'the same chain both ways asks for no recipient')
    const [request] = await quoteLog(api)
    assertEqual(
      [request?.query.sellChain, request?.query.buyChain, request?.query.recipient],
      ['BASE', 'BASE', undefined],
    )
    assert(textOf(element, '[name="sell-token"]').includes('ETH on Base'), 'the button shows Base')
  })

  it('shows the token the host sets after the user picked others', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, amount: '1' })
    // The user tries DAI, then settles on USDC; the host's page then puts DAI back.
    await pickToken(element, 'sell', { option: '[data-symbol="DAI"]' })
    await pickToken(element, 'sell', { option: '[data-symbol="USDC"]' })
    assert(textOf(element, '[name="sell-token"]').includes('USDC'), 'USDC picked')
    element.setAttribute('sell-token', 'DAI')
    await element.updateComplete
    assert(textOf(element, '[name="sell-token"]').includes('DAI on Ethereum'), 'DAI shown again')
  }, 45_000)

  it('shows a cross-chain price before a wallet is connected, then quotes for the wallet that connects', async () => {
    const api = await scenarioBase('ok')
    const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    const element = await mount({ 'api-base': api, ...base, 'buy-chain': 'BASE', amount: '1' })
    await waitUntil(() => $(element, '[data-testid="indicative"]'), 'an indicative price, no wallet yet')
    assert($(element, '[data-testid="buy-amount"]'), 'with its amount')
    assertEqual(
      $<HTMLInputElement>(element, 'input[name="recipient"]')!.placeholder,
      '',
      'no address put in the field',
    )
    assertEqual(textOf(element, '[part="action-button"]'), 'Connect wallet to swap')
    element.provider = createFakeProvider({ accounts: [user] })
    await waitUntil(
      () => quoteLog(api).then((log) => log.at(-1)?.query.recipient === user),
      'asked again for the wallet, which receives',
      15_000,
    )
    await waitUntil(
      () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
      'a firm quote',
    )
    assertEqual($<HTMLInputElement>(element, 'input[name="recipient"]')!.placeholder, user)
    // Never from a chain this page has no wallet for: a deposit's memo would pay the preview address.
    const fromBitcoin = await mount({
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.1',
      'refund-address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    })
    await waitUntil(() => $(fromBitcoin, 'input[name="recipient"]'), 'recipient field')
    assertEqual(textOf(fromBitcoin, '[part="action-button"]'), 'Enter the recipient address')
  })

  it('says which address is missing rather than asking for an amount', async () => {
    const api = await scenarioBase('ok')
    const toBitcoin = await mount({
      'api-base': api,
      ...base,
      'buy-chain': 'BTC',
      'buy-token': 'BTC',
      amount: '1',
    })
    await waitUntil(() => $(toBitcoin, 'input[name="recipient"]'), 'recipient field')
    assertEqual(textOf(toBitcoin, '[data-testid="quote"]'), 'Enter the recipient address to see a quote.')
    assertEqual(textOf(toBitcoin, '[part="action-button"]'), 'Enter the recipient address')
    const fromBitcoin = await mount({
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.1',
      recipient: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    })
    await waitUntil(() => $(fromBitcoin, 'input[name="from"]'), 'refund address field')
    assertEqual(
      textOf(fromBitcoin, '[data-testid="quote"]'),
      'Enter the address you send from to see a quote.',
    )
    assertEqual(textOf(fromBitcoin, '[part="action-button"]'), 'Enter the address you send from')
    assertEqual((await quoteLog(api)).length, 0, 'nothing quoted without the addresses')
  })

  it('reports the refund address as swap-quote:change and takes it as an attribute', async () => {
    const api = await scenarioBase('deposit')
    const attributes = {
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.01',
      recipient: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    }
    const typed = await mount(attributes)
    const changes: string[] = []
    typed.addEventListener('swap-quote:change', (event: SwapQuoteChangeEvent) =>
      changes.push(`${event.name}=${event.value}`),
    )
    typeInto(
      await waitUntil(() => $<HTMLInputElement>(typed, 'input[name="from"]'), 'refund address field'),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    )
    assertEqual(changes, ['refund-address=bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'])
    const preset = await mount({
      ...attributes,
      'refund-address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    })
    await waitForQuote(preset)
    assertEqual(
      $<HTMLInputElement>(preset, 'input[name="from"]')?.value,
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'shown in its field',
    )
  })

  it('reads one comma as the decimal point, and refuses what could be a thousands separator', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    const input = $<HTMLInputElement>(element, 'input[name="amount"]')!
    typeInto(input, '1,5')
    await waitForQuote(element)
    assertEqual(
      (await quoteLog(api)).map((entry) => entry.query.amount),
      ['1.5'],
    )
    assertEqual(input.value, '1,5', 'left as typed')
    typeInto(input, '1,000')
    await element.updateComplete
    assert(
      textOf(element, '[data-testid="amount-problem"]').includes('no thousands separators'),
      'one thousand or one: refused, not guessed',
    )
    typeInto(input, '1,000.5')
    await element.updateComplete
    assert(
      textOf(element, '[data-testid="amount-problem"]').includes('no thousands separators'),
      textOf(element, '[data-testid="amount-problem"]'),
    )
    assertEqual(input.getAttribute('aria-invalid'), 'true')
    await advanceClock(element, QUOTE_DEBOUNCE_MS)
    assertEqual((await quoteLog(api)).length, 1, 'nothing quoted for the ambiguous amount')
  })

  it('asks for the sender address when selling from a non-EVM chain', async () => {
    const api = await scenarioBase('deposit')
    const element = await mount({
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.01',
      recipient: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    })
    const from = await waitUntil(() => $<HTMLInputElement>(element, 'input[name="from"]'), 'from field')
    typeInto(from, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await waitForQuote(element)
    assertEqual((await quoteLog(api))[0]?.query.address, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
  })
})

describe('<swap-quote> quote errors', () => {
  const errorText = (element: Awaited<ReturnType<typeof mount>>) =>
    waitUntil(() => textOf(element, '[part="error"]'), 'an error is shown')

  it('explains NO_ROUTE in plain words and shows the suggested steps', async () => {
    const element = await mount({ 'api-base': await scenarioBase('no-route'), ...base, amount: '1' })
    const codes: string[] = []
    element.addEventListener('swap-quote:error', (event: SwapQuoteErrorEvent) => codes.push(event.code))
    const text = await errorText(element)
    assert(text.includes('No venue can swap this pair'), text)
    assertEqual(element.shadowRoot!.querySelectorAll('[data-testid="steps"] li').length, 2, 'two steps')
    assert(textOf(element, '[data-testid="steps"]').includes('up to 5 minutes old'), 'steps note shown')
    assertEqual(codes, ['NO_ROUTE'])
  })

  it('explains NO_ROUTE without steps', async () => {
    const element = await mount({ 'api-base': await scenarioBase('no-route-plain'), ...base, amount: '1' })
    assert((await errorText(element)).includes('Another amount or pair may work'), 'plain words')
    assert(!$(element, '[data-testid="steps"]'), 'no steps section')
  })

  it('counts down after RATE_LIMITED and then retries on its own', async () => {
    const api = await scenarioBase('rate-limited')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitUntil(
      () => textOf(element, '[data-testid="retry-countdown"]').startsWith('Trying again in'),
      'countdown',
    )
    assert(textOf(element, '[part="error"]').includes('Too many quote requests'), 'plain words')
    // The service said when to come back: asking sooner would only be refused again.
    assert(!$(element, '[part="retry-button"]'), 'no "Try again" under a rate limit')
    // The quote area is a live region: a screen reader must not hear the seconds tick.
    const countdown = $(element, '[data-testid="retry-countdown"]')!
    const hidden = countdown.querySelector('[aria-hidden="true"]')
    assert(
      hidden && /\d/.test(hidden.textContent ?? ''),
      'the ticking seconds are hidden from screen readers',
    )
    const spoken = [...countdown.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('')
    assert(spoken.includes('Trying again') && !/\d/.test(spoken), `heard once, no number: ${spoken}`)
    await waitForQuote(element)
    assertEqual((await quoteLog(api)).length, 2, 'one retry')
  })

  for (const [scenario, code, words] of [
    ['unknown-token', 'UNKNOWN_TOKEN', 'could not be found'],
    ['unsupported-pair', 'UNSUPPORTED_PAIR', 'cannot be swapped with each other'],
    ['bad-request', 'BAD_REQUEST', 'not valid'],
    ['upstream', 'UPSTREAM_ERROR', 'could not get a price'],
  ] as const) {
    it(`explains ${code} in plain words`, async () => {
      const element = await mount({ 'api-base': await scenarioBase(scenario), ...base, amount: '1' })
      const text = await errorText(element)
      assert(text.includes(words), text)
      assertEqual($(element, '[part="error"]')?.dataset.code, code)
      // A refusal names what to correct in the service's words, and offers no "Try again" that would
      // only be refused again; other failures offer it.
      const refusal = code === 'BAD_REQUEST' || code === 'UNSUPPORTED_PAIR'
      assertEqual(
        textOf(element, '[data-testid="problem-detail"]'),
        refusal ? (code === 'BAD_REQUEST' ? 'slippage must be in (0, 50]' : 'Hive cannot be quoted') : '',
      )
      assertEqual(!!$(element, '[part="retry-button"]'), !refusal, 'Try again')
    })
  }

  it('takes an api-base copied with the API’s path, /api/sdk/v1, as the same service', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': `${api}/api/sdk/v1/`, ...base, amount: '1' })
    await waitForQuote(element)
    assertEqual((await quoteLog(api)).length, 1)
  })

  it('says the service cannot be reached when nothing answers, and tells the host NETWORK', async () => {
    const codes: string[] = []
    const element = await mount({ 'api-base': 'http://127.0.0.1:9', ...base, amount: '1' }, (_, element) =>
      element.addEventListener('swap-quote:error', (event: SwapQuoteErrorEvent) => codes.push(event.code)),
    )
    assert((await errorText(element)).includes('cannot be reached'), 'network failure in plain words')
    // The code the events document for a service that cannot be reached, not the service's own.
    assert(codes.length > 0 && codes.every((code) => code === 'NETWORK'), codes.join())
  })
})
