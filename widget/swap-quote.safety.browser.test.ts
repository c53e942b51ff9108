import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { Eip1193Provider } from '../shared/wallet'
import { setViewport } from '@web/test-runner-commands'
import { readSwapHistory } from './parts/swapHistory'
import {
  $,
  advanceClock,
  afterEach,
  assert,
  assertEqual,
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

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const pasted = '0x1111111111111111111111111111111111111111'
const pair = { 'sell-chain': 'ETH', 'sell-token': 'ETH', 'buy-chain': 'ETH', 'buy-token': 'USDC' }
type Element = Awaited<ReturnType<typeof mount>>

const action = (element: Element) => $<HTMLButtonElement>(element, '[part="action-button"]')!
const actionText = (element: Element) => textOf(element, '[part="action-button"]')

/** Mounts with a wallet handed in and waits for the firm quote for its account. */
async function connected(
  scenario: string,
  attributes: Record<string, string>,
  provider: Eip1193Provider = createFakeProvider({ accounts: [user] }),
  /** Run before the first quote: a `/status` script, for one. */
  before?: (api: string) => Promise<unknown>,
) {
  const api = await scenarioBase(scenario)
  await before?.(api)
  const element = await mount({ 'api-base': api, ...pair, ...attributes })
  element.provider = provider
  await waitUntil(
    () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
    'quoted for the account',
    // The first test of the page also waits for the quoting code to load.
    15_000,
  )
  await waitUntil(
    () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
    'firm quote',
  )
  return { api, element }
}

/** Ticks a checkbox the way a user does. */
function tick(box: HTMLInputElement | null): void {
  assert(box, 'checkbox not found')
  box.click()
}

afterEach(() => {
  document.documentElement.removeAttribute('lang')
  localStorage.removeItem(`swap-quote:token:eip155:1/erc20:${pasted}`)
})

describe('<swap-quote> price impact', () => {
  it('shows the network fee beside the quote, marked once it takes a tenth of what arrives', async () => {
    const api = await scenarioBase('routes')
    const element = await mount({ 'api-base': api, ...pair, amount: '1000' })
    await waitForQuote(element)
    const row = () => $(element, '[data-testid="network-cost"]')?.closest('div')
    assertEqual(textOf(element, '[data-testid="network-cost"]'), '1.5 USDC')
    assert(!row()?.classList.contains('warn'), 'not marked: 1.5 USDC of about 2,500')
    typeInto($<HTMLInputElement>(element, 'input[part="amount"]')!, '5')
    await waitUntil(() => row()?.classList.contains('warn'), 'marked: 1.5 USDC of about 12.5')
    assertEqual(row()!.querySelector('dt')!.textContent!.trim(), '⚠ Network fee')
  })

  it("shows what the amount sold is worth, only from that amount's own quote", async () => {
    const { element } = await connected('priced', { amount: '2' })
    assertEqual(textOf(element, '[data-testid="sell-value"]'), '≈ $5,000.00')
    typeInto($<HTMLInputElement>(element, 'input[part="amount"]')!, '3')
    await element.updateComplete
    assert(!$(element, '[data-testid="sell-value"]'), 'the value of 2 ETH is not shown for 3')
    await waitUntil(
      () => textOf(element, '[data-testid="sell-value"]') === '≈ $7,500.00',
      'the value of 3 ETH',
    )
  })

  it('shows the dollar value and price impact, warns, and asks for a confirmation before Swap at 15%', async () => {
    const { element } = await connected('priced', { amount: '20000' })
    assertEqual(textOf(element, '[data-testid="price-impact"]'), '15% below the market price')
    assertEqual(textOf(element, '[data-testid="buy-value"]'), '≈ $42,500,000.00')
    assertEqual(
      textOf(element, '[data-testid="sell-value"]'),
      '≈ $50,000,000.00',
      'what the amount sold is worth',
    )
    await waitUntil(() => textOf(element, '[data-testid="price-impact-warning"]').includes('15%'), 'warned')
    // What the figure holds, not advice that fits only a large trade (on a small one, fixed costs make it).
    assert(
      textOf(element, '[data-testid="price-impact-warning"]').includes('fees and network costs included'),
      'says fees and network costs count in it',
    )
    await waitUntil(() => actionText(element) === 'Confirm the price impact', 'confirmation asked')
    assert(action(element).disabled, 'no swap before the confirmation')
    const accept = await waitUntil(
      () => $<HTMLInputElement>(element, '[data-testid="price-impact-accept"]'),
      'the confirmation',
    )
    tick(accept)
    await waitUntil(() => actionText(element) === 'Swap anyway', 'swap offered once confirmed')
    assert(!action(element).disabled, 'enabled')
  })

  it('says nothing alarming at 0.1%, and follows price-impact-warning and price-impact-confirm', async () => {
    const small = await connected('priced', { amount: '0.1' })
    assertEqual(textOf(small.element, '[data-testid="price-impact"]'), '0.1% below the market price')
    assert(!$(small.element, '[data-testid="price-impact-warning"]'), 'no warning')
    await waitUntil(() => actionText(small.element) === 'Swap', 'plain swap')
    const relaxed = await connected('priced', {
      amount: '20000',
      'price-impact-warning': '20',
      'price-impact-confirm': '30',
    })
    assert(!$(relaxed.element, '[data-testid="price-impact-warning"]'), 'below the site’s warning')
    await waitUntil(() => actionText(relaxed.element) === 'Swap', 'no confirmation below 30%')
  })

  it('names a threshold that is not a percentage to the site owner, and quotes nothing', async () => {
    const api = await scenarioBase('priced')
    const element = await mount({ 'api-base': api, ...pair, amount: '1', 'price-impact-warning': '3%' })
    await waitUntil(
      () =>
        textOf(element, '[data-testid="setup-problem"]').includes(
          'price-impact-warning="3%" is not a percentage',
        ),
      'the attribute named in the set-up note',
    )
    assertEqual((await quoteLog(api)).length, 0)
  })

  it('names a partner fee the service would change to the site owner, and quotes nothing until it is fixed', async () => {
    const api = await scenarioBase('ok')
    // The service would cap 500 at 100 bps, floor 12.7 to 12 and drop -5: the partner would earn less.
    for (const fee of ['500', '12.7', '-5']) {
      const element = await mount({
        'api-base': api,
        ...pair,
        amount: '1',
        partner: 'acme',
        'partner-fee-bps': fee,
      })
      await waitUntil(
        () =>
          textOf(element, '[data-testid="setup-problem"]').includes(
            `partner-fee-bps="${fee}" is not a whole number from 0 to 100, such as 25.`,
          ),
        `partner-fee-bps="${fee}" named in the set-up note`,
      )
      element.remove()
    }
    assertEqual((await quoteLog(api)).length, 0)
    const fixed = await mount({
      'api-base': api,
      ...pair,
      amount: '1',
      partner: 'acme',
      'partner-fee-bps': '100',
    })
    await waitUntil(() => $(fixed, '[data-testid="buy-amount"]'), 'a quote at 100 bps')
    assertEqual(
      (await quoteLog(api)).map((entry) => entry.query.partnerFeeBps),
      ['100'],
    )
  })
})

describe('<swap-quote> balance', () => {
  it('blocks an amount above the balance, and Max leaves a gas reserve', async () => {
    const provider = createFakeProvider({ accounts: [user], balance: 5n * 10n ** 17n })
    const { element } = await connected('ok', { amount: '1' }, provider)
    await waitUntil(() => actionText(element) === 'Insufficient ETH balance', 'blocked by the balance')
    assert(action(element).disabled, 'nothing to press')
    action(element).click()
    assert(!provider.calls.some((call) => call.method === 'eth_sendTransaction'), 'nothing was sent')
    assert(textOf(element, '[data-testid="balance"]').includes('Balance 0.5 ETH'), 'balance shown')
    // A screen reader on the amount hears it is refused, and why.
    const amount = $<HTMLInputElement>(element, '[part="amount"]')!
    const description = () =>
      amount
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => element.shadowRoot!.getElementById(id)?.textContent?.trim())
        .filter(Boolean)
        .join(' ')
    assertEqual(amount.getAttribute('aria-invalid'), 'true')
    assertEqual(description(), 'Insufficient ETH balance')
    $<HTMLButtonElement>(element, '[part="max-button"]')!.click()
    // The wallet gives no gas price here: the fixed 0.01 ETH reserve.
    await waitUntil(() => $<HTMLInputElement>(element, '[part="amount"]')?.value === '0.49', 'max typed')
    await waitUntil(() => actionText(element) === 'Swap', 'swap once the amount fits')
    assertEqual([amount.getAttribute('aria-invalid'), description()], ['false', ''], 'and the amount is fine')
  })

  it('keeps the gas reserve from the quote’s gas limit and the wallet’s gas price, and shows the network fee', async () => {
    const fake = createFakeProvider({ accounts: [user], balance: 5n * 10n ** 17n })
    const provider: Eip1193Provider = {
      request: (args) =>
        args.method === 'eth_gasPrice' ? Promise.resolve('0x3b9aca00') : fake.request(args),
    }
    const { element } = await connected('ok', { amount: '0.4999' }, provider)
    // 250,000 gas at 1 gwei is 0.00025 ETH; twice that is kept: 0.4995 ETH can be sold.
    await openRouteDetail(element)
    await waitUntil(() => textOf(element, '[data-testid="network-fee"]') === '~0.00025 ETH', 'network fee')
    await waitUntil(() => actionText(element) === 'Insufficient ETH balance', 'the reserve is missing')
    assert(textOf(element, '[data-testid="gas-reserve"]').includes('0.0005 ETH'), 'says what is kept')
    $<HTMLButtonElement>(element, '[part="max-button"]')!.click()
    await waitUntil(() => $<HTMLInputElement>(element, '[part="amount"]')?.value === '0.4995', 'max typed')
  })

  it('blocks a token sold from a wallet without the native coin for its network fee, sending nothing', async () => {
    const fake = createFakeProvider({ accounts: [user], nativeBalance: 10n ** 13n })
    const provider: Eip1193Provider = {
      calls: fake.calls,
      request: (args) =>
        args.method === 'eth_gasPrice' ? Promise.resolve('0x3b9aca00') : fake.request(args),
    } as Eip1193Provider & { calls: typeof fake.calls }
    const { element } = await connected(
      'ok',
      { 'sell-token': 'USDC', 'buy-token': 'ETH', amount: '100' },
      provider,
    )
    // Plenty of USDC, 0.00001 ETH: the approval and the swap at 1 gwei need some 0.0003 ETH.
    await waitUntil(() => actionText(element) === 'Insufficient ETH balance', 'blocked by the network fee')
    assert(textOf(element, '[data-testid="gas-reserve"]').includes('ETH for the network fee'), 'says why')
    assert(!textOf(element, '[data-testid="gas-reserve"]').includes('USDC'), 'in the coin gas is paid in')
    action(element).click()
    assert(
      !fake.calls.some((call) => call.method === 'eth_sendTransaction'),
      'no approval sent for a swap that cannot follow',
    )
    // With the coin for the fee, the same swap is offered, and Max sells all of the token.
    const funded = createFakeProvider({ accounts: [user] })
    element.provider = funded
    await waitUntil(() => actionText(element) === 'Swap', 'swap once the fee is covered')
    assert(!$(element, '[data-testid="gas-reserve"]'), 'nothing to keep')
  })

  it('asks no gas for a signed order itself: only its approval is paid in the native coin', async () => {
    // 0.0001 ETH: enough for an approval at 1 gwei (60,000 gas), not for a swap transaction's 300,000 too.
    const fake = createFakeProvider({ accounts: [user], nativeBalance: 10n ** 14n })
    const provider: Eip1193Provider = {
      request: (args) =>
        args.method === 'eth_gasPrice' ? Promise.resolve('0x3b9aca00') : fake.request(args),
    }
    const { element } = await connected(
      'order',
      { 'sell-token': 'USDC', 'buy-token': 'ETH', amount: '100' },
      provider,
    )
    await waitUntil(() => $(element, '[data-testid="balance"]'), 'the balance read')
    await waitUntil(() => actionText(element) === 'Sign order', 'the order offered, its approval paid for')
    assert(!$(element, '[data-testid="gas-reserve"]'), 'no reserve said to be missing')
  })

  it('names a pasted token the service refuses by its short address in the balance, as on its button', async () => {
    const api = await scenarioBase('unsupported-pair')
    const element = await mount({ 'api-base': api, ...pair, 'sell-token': pasted, amount: '1' })
    const fake = createFakeProvider({ accounts: [user] })
    // The token's own decimals() (this fake answers balances and allowances only).
    const decimals = `0x${(18).toString(16).padStart(64, '0')}`
    element.provider = {
      request: (args) =>
        args.method === 'eth_call' && (args.params as [{ data: string }])[0].data === '0x313ce567'
          ? Promise.resolve(decimals)
          : fake.request(args),
    } as Eip1193Provider
    const balance = await waitUntil(() => textOf(element, '[data-testid="balance"]'), 'the balance', 15_000)
    assert(balance.includes(' 0x1111…1111 '), balance)
    assert(!balance.includes(pasted), balance)
  })

  it('shows no balance and no Max for a sell chain the wallet is not on, never the other chain’s funds', async () => {
    const provider = createFakeProvider({ accounts: [user], balance: 5n * 10n ** 17n })
    const { element } = await connected('ok', { amount: '1' }, provider)
    await waitUntil(() => textOf(element, '[data-testid="balance"]').includes('Balance 0.5 ETH'), 'balance')
    // The same native token on Base, while the wallet stays on Ethereum: its 0.5 ETH are not Base's.
    element.setAttribute('sell-chain', 'BASE')
    await waitUntil(() => !$(element, '[data-testid="balance"]'), 'no balance for Base')
    assert(!$(element, '[part="max-button"]'), 'no Max')
    assert(actionText(element) !== 'Insufficient ETH balance', 'not judged against Ethereum’s funds')
    element.setAttribute('sell-chain', 'ETH')
    await waitUntil(() => textOf(element, '[data-testid="balance"]').includes('Balance 0.5 ETH'), 'back')
  })

  it('shows no balance and no Max for a sell token the service does not list, never the native coin’s', async () => {
    const provider = createFakeProvider({ accounts: [user], balance: 5n * 10n ** 17n })
    const { element } = await connected('ok', { amount: '1' }, provider)
    await waitUntil(() => textOf(element, '[data-testid="balance"]').includes('Balance 0.5 ETH'), 'balance')
    // A symbol with no address the widget could read a balance of: the 0.5 ETH are not FOO's.
    element.setAttribute('sell-token', 'FOO')
    await waitUntil(() => !$(element, '[data-testid="balance"]'), 'no balance for FOO')
    assert(!$(element, '[part="max-button"]'), 'no Max')
    element.setAttribute('sell-token', 'ETH')
    await waitUntil(() => textOf(element, '[data-testid="balance"]').includes('Balance 0.5 ETH'), 'back')
  })
})

describe('<swap-quote> never stuck', () => {
  it('says the service is unavailable with its retry, never "Getting a quote…", and tries again on demand', async () => {
    const api = await scenarioBase('upstream')
    const element = await mount({ 'api-base': api, ...pair, amount: '1' })
    await waitUntil(() => actionText(element).startsWith('Service unavailable, retrying in'), 'label')
    const asked = (await quoteLog(api)).length
    $<HTMLButtonElement>(element, '[part="retry-button"]')!.click()
    await waitUntil(() => quoteLog(api).then((log) => log.length > asked), 'asked again at once')
  })

  it('says there is no route, and "Try again" finds the route once there is one', async () => {
    const api = await scenarioBase('no-route-once')
    const element = await mount({ 'api-base': api, ...pair, amount: '1' })
    await waitUntil(() => actionText(element) === 'No route for this pair', 'no route named on the button')
    $<HTMLButtonElement>(element, '[part="retry-button"]')!.click()
    await waitForQuote(element)
  })
})

describe('<swap-quote> words for people', () => {
  it('formats amounts in the page’s language without exponents, and fees in plain words', async () => {
    document.documentElement.lang = 'de'
    const element = await mount({
      'api-base': await scenarioBase('ok'),
      ...pair,
      amount: '2',
      partner: 'acme',
      'partner-fee-bps': '25',
    })
    assertEqual(await waitForQuote(element), '5,000001 USDC')
    // The guaranteed minimum is rounded down, never up.
    assertEqual(textOf(element, '[data-testid="min-buy-amount"]'), '4,95 USDC')
    await openRouteDetail(element)
    // The page is German, so are the words (its catalog loads with the first German page).
    await waitUntil(
      () => textOf(element, '[data-testid="partner-fee"]') === 'Keine auf dieser Route',
      'the partner fee in German words',
      15_000,
    )
  })

  it('shows a huge amount with its digits grouped, never in exponent notation', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...pair, amount: '99999999999999' })
    const estimate = await waitForQuote(element)
    assert(/^249,999,999,999,99\d(\.\d+)? USDC$/.test(estimate), estimate)
  })

  it('gives a signed order’s deadline as a local time and its network fee as included', async () => {
    const { element } = await connected('order', { 'sell-token': 'USDC', 'buy-token': 'ETH', amount: '1' })
    // With the checks above the button, whose chunk loads with the quote.
    const note = await waitUntil(() => textOf(element, '[data-testid="order-note"]'), 'the order note')
    const validTo = new Date(Date.now() + 600_000).toLocaleTimeString(undefined, { timeStyle: 'short' })
    assert(note.includes(validTo.slice(0, 2)) && !/\d{4}-\d\d-\d\dT/.test(note), note)
    await openRouteDetail(element)
    assertEqual(textOf(element, '[data-testid="network-fee"]'), 'Included in the price')
  })
})

describe('<swap-quote> unlisted tokens', () => {
  it('warns about a pasted token imitating USDC, and swaps only once the user acknowledges it, remembered', async () => {
    const { element } = await connected('unlisted', { 'buy-token': pasted, amount: '1' })
    const warning = await waitUntil(() => textOf(element, '[data-testid="token-warning"]'), 'warning')
    assert(warning.includes(pasted), 'the contract address')
    assert(
      textOf(element, '[data-testid="token-imitation"]').includes('not the USDC listed for Ethereum'),
      'the listed USDC it is not, with the warning',
    )
    assertEqual(
      $<HTMLAnchorElement>(element, '[data-testid="token-warning"] a')?.href,
      `https://etherscan.io/address/${pasted}`,
    )
    assertEqual(actionText(element), 'Review the token warning')
    assert(action(element).disabled, 'no swap before the acknowledgement')
    tick($<HTMLInputElement>(element, '[part="token-acknowledge"]'))
    await waitUntil(() => actionText(element) === 'Swap', 'swap once acknowledged')
    element.remove()
    const again = await connected('unlisted', { 'buy-token': pasted, amount: '1' })
    await waitUntil(() => actionText(again.element) === 'Swap', 'remembered for this token')
  })

  it("names a pasted token by its address too in the swap's outcome and the history, never as the one it imitates", async () => {
    localStorage.removeItem('swap-quote-history')
    const { element } = await connected('unlisted', { 'buy-token': pasted, amount: '1' }, undefined, (api) =>
      fetch(`${api}/__status`, {
        method: 'POST',
        body: JSON.stringify([{ state: 'delivered', deliveredAmount: '2500' }]),
      }),
    )
    // Acknowledged here, unless an earlier test of this page already did for this token (it is remembered).
    await waitUntil(() => $(element, '[data-testid="token-warning"]'), 'the warning')
    const acknowledge = $<HTMLInputElement>(element, '[part="token-acknowledge"]')
    if (acknowledge && !acknowledge.checked) tick(acknowledge)
    await waitUntil(() => actionText(element) === 'Swap', 'swap once acknowledged', 15_000)
    action(element).click()
    await waitUntil(() => $(element, '[data-step="swap:confirmed"]'), 'sent', 30_000)
    // The first status poll is 3 s after sending, on the element's clock.
    const delivered = await waitUntil(async () => {
      await advanceClock(element, 3000)
      return textOf(element, '[data-testid="delivery"][data-state="delivered"]')
    }, 'delivered')
    assert(delivered.includes('2,500 USDC 0x1111…1111'), delivered)
    assertEqual(readSwapHistory()[0]?.buySymbol, 'USDC 0x1111…1111')
  }, 60_000)

  it('says a pasted token passes for USDC even when the token lists cannot load', async () => {
    // The service says what the token passes for: the warning never waits for the lists, which a
    // failing network may never deliver.
    const original = window.fetch
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/tokens')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : original(input, init)
    try {
      const { element } = await connected('unlisted', { 'buy-token': pasted, amount: '1' })
      await waitUntil(() => textOf(element, '[data-testid="token-warning"]'), 'warning')
      assert(
        textOf(element, '[data-testid="token-imitation"]').includes('not the USDC listed for Ethereum'),
        'the imitation named without the lists',
      )
    } finally {
      window.fetch = original
    }
  })

  it('fits a 360 px phone with a 32-character token symbol, in the token button, the quote and the warning', async () => {
    await setViewport({ width: 360, height: 740 })
    try {
      const { element } = await connected('long-symbol', { 'buy-token': pasted, amount: '1' })
      await waitUntil(() => textOf(element, '[data-testid="token-warning"]'), 'warning')
      const overflowing = [...element.shadowRoot!.querySelectorAll<HTMLElement>('*')]
        .filter((node) => node.getBoundingClientRect().right > element.getBoundingClientRect().right + 0.5)
        .map((node) => node.getAttribute('part') ?? node.getAttribute('data-testid') ?? node.localName)
      assertEqual(overflowing, [], 'nothing reaches past the element')
      assertEqual(
        document.documentElement.scrollWidth <= innerWidth,
        true,
        'the page does not scroll sideways',
      )
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })
})
