import type { SwapQuoteChangeEvent, SwapQuoteErrorEvent, SwapQuoteQuoteEvent } from './events'
import {
  $,
  assert,
  assertEqual,
  choose,
  describe,
  it,
  mount,
  quoteLog,
  scenarioBase,
  textOf,
  typeInto,
  waitForQuote,
  waitUntil,
} from './test/harness'

const base = {
  'sell-chain': 'ETH',
  'sell-token': 'ETH',
  'buy-chain': 'ETH',
  'buy-token': 'USDC',
}

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
    assertEqual(textOf(element, '[data-testid="min-buy-amount"]'), '4.95000099 USDC')
    assertEqual(textOf(element, '[data-testid="rate"]'), '1 ETH = 2.5 USDC')
    assertEqual(textOf(element, '[data-testid="provider"]'), '0x')
    assert(
      textOf(element, '[data-testid="partner-fee"]').includes('requested 25 bps'),
      'partner fee note shown',
    )
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
    })
  })

  it('fills the chain and token pickers from /chains and /tokens and quotes a picked token', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitUntil(
      () => element.shadowRoot!.querySelectorAll('[part="chain-select"] option').length >= 13,
      'chains',
    )
    const buyToken = await waitUntil(() => {
      const select = $<HTMLSelectElement>(element, 'select[name="buy-token"]')
      return select && select.options.length > 1 ? select : undefined
    }, 'buy tokens listed')
    assert(
      buyToken.selectedOptions[0]?.textContent?.includes('USDC'),
      'USDC is preselected from the attribute',
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
    const usdt = [...buyToken.options].find((option) => option.textContent?.includes('USDT'))
    assert(usdt, 'USDT is listed on ETH')
    choose(buyToken, usdt.value)
    assertEqual(changes, [`buy-token=${usdt.value}`])
    assertEqual(details, [{ name: 'buy-token', value: usdt.value }])
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.buyToken === usdt.value)),
      'quoted with the picked token',
    )
  })

  it('filters tokens by search and offers a pasted contract address as a custom token', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base, amount: '1' })
    await waitUntil(
      () => ($<HTMLSelectElement>(element, 'select[name="sell-token"]')?.options.length ?? 0) > 2,
      'tokens',
    )
    typeInto($(element, 'input[name="sell-search"]'), 'usd')
    await element.updateComplete
    const labels = [...$<HTMLSelectElement>(element, 'select[name="sell-token"]')!.options].map(
      (o) => o.textContent,
    )
    assert(
      labels.every((label) => /usd|ETH/i.test(label ?? '')),
      `only matching tokens (and the selected one) remain: ${labels.join(', ')}`,
    )
    const address = '0x1111111111111111111111111111111111111111'
    typeInto($(element, 'input[name="sell-search"]'), address)
    // The offer needs the chain's type, known once /chains has answered (it may answer after /tokens).
    await waitUntil(
      async () => $(element, '[part="custom-token-button"]') !== null,
      'a pasted address offers "Use token"',
    )
    const use = $<HTMLButtonElement>(element, '[part="custom-token-button"]')!
    use.click()
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.sellToken === address)),
      'quoted with the pasted address',
    )
    assert(
      textOf(element, 'select[name="sell-token"]').includes('Custom token'),
      'custom token shown as selected',
    )
  })

  it('offers the native coin of a chain without a token list (BTC) and quotes it without an error', async () => {
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
      async () => textOf(element, 'select[name="sell-token"]').includes('BTC · Bitcoin'),
      'BTC offered in the sell picker from the registry',
    )
    assert(
      !textOf(element, 'select[name="sell-token"]').includes('Custom token'),
      'BTC is not a custom token',
    )
    assert(
      !(element.shadowRoot?.textContent ?? '').includes('could not be loaded'),
      'no token-list failure for a chain that has none',
    )
  })

  it('shows the amount grammar message and requests nothing for a bad amount', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    for (const bad of ['1e5', '-1', '0x10', '0', '1.', 'abc']) {
      typeInto($(element, 'input[name="amount"]'), bad)
      await element.updateComplete
      assert(textOf(element, '[data-testid="amount-problem"]') !== '', `a message for ${bad}`)
      assertEqual($(element, 'input[name="amount"]')?.getAttribute('aria-invalid'), 'true')
    }
    await new Promise((resolve) => setTimeout(resolve, 400))
    assertEqual((await quoteLog(api)).length, 0, 'no quote requests for bad amounts')
  })

  it('rejects more fraction digits than the sell token has', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, 'sell-token': 'USDC' })
    await waitUntil(
      () => ($<HTMLSelectElement>(element, 'select[name="sell-token"]')?.options.length ?? 0) > 2,
      'tokens',
    )
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
    assert((await errorText(element)).includes('A smaller amount or another pair may work'), 'plain words')
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
    })
  }

  it('says the service cannot be reached when nothing answers', async () => {
    const element = await mount({ 'api-base': 'http://127.0.0.1:9', ...base, amount: '1' })
    assert((await errorText(element)).includes('cannot be reached'), 'network failure in plain words')
  })
})
