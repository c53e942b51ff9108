import axe from 'axe-core'
import { sendKeys } from '@web/test-runner-commands'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { SwapQuoteDoneEvent } from './events'
import { QUOTE_DEBOUNCE_MS, type SwapQuote } from './swap-quote'
import type { FakeStatusStep } from './test/fakeApi'
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

const pair = { 'sell-chain': 'ETH', 'sell-token': 'ETH', 'buy-chain': 'ETH', 'buy-token': 'USDC' }
const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const deliveryHash = `0x${'de'.repeat(32)}`

afterEach(() => {
  for (const key of ['swap-quote-slippage', 'swap-quote-history']) localStorage.removeItem(key)
  for (const key of Object.keys(localStorage)) if (key.startsWith('swap-quote:')) localStorage.removeItem(key)
})

/** The slippage of every quote request made under `api`, in order. */
async function slippages(api: string): Promise<(string | undefined)[]> {
  return (await quoteLog(api)).map((entry) => entry.query.slippage)
}

/** Puts one sent swap in this site's history, as the tracking of a swap would have kept it. */
function seedHistory(record: Record<string, unknown>): void {
  localStorage.setItem(
    'swap-quote-history',
    JSON.stringify([
      {
        apiBase: 'https://api.invalid',
        page: '/',
        route: 'tx',
        hash: `0x${'ab'.repeat(32)}`,
        sellChain: 'ETH',
        sellSymbol: 'ETH',
        sellAmount: '1',
        buyChain: 'ETH',
        buySymbol: 'USDC',
        minBuyAmount: '2475',
        sentAtMs: Date.now(),
        ...record,
      },
    ]),
  )
}

async function openSettings(element: SwapQuote): Promise<HTMLInputElement> {
  $<HTMLButtonElement>(element, '[part="settings-button"]')!.click()
  return waitUntil(
    () => $<HTMLInputElement>(element, '[part="slippage-input"]'),
    'the settings panel',
    15_000,
  )
}

describe('<swap-quote> settings', () => {
  it('quotes a typed slippage once the typing pauses, and raises its warning once as "5.5" is typed', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1' })
    await waitForQuote(element)
    const input = await openSettings(element)
    const asked = (await quoteLog(api)).length
    const warnings = new Set<Element>()
    for (const typed of ['5', '5.', '5.5']) {
      typeInto(input, typed)
      await element.updateComplete
      const warning = $(element, '[data-testid="slippage-warning"]')
      assert(warning?.textContent?.includes('High'), `the warning at ${typed}`)
      warnings.add(warning!)
    }
    // One alert, raised at "5" and kept: a screen reader hears it once.
    assertEqual(warnings.size, 1)
    assertEqual((await quoteLog(api)).length, asked, 'nothing asked while typing')
    await advanceClock(element, QUOTE_DEBOUNCE_MS)
    await waitUntil(async () => (await slippages(api)).length === asked + 1, 'one quote for the slippage')
    assertEqual((await slippages(api)).at(-1), '5.5')
  })

  it('reads and writes the slippage as the page language does: a decimal comma in German', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1', locale: 'de' })
    await waitForQuote(element)
    const input = await openSettings(element)
    await waitUntil(() => textOf(element, '[data-testid="slippage-note"]').startsWith('Auto:'), 'in German')
    assertEqual(input.placeholder, '0,5')
    typeInto(input, '3,')
    await element.updateComplete
    assertEqual(
      textOf(element, '[data-testid="slippage-problem"]'),
      '',
      'no refusal while the number is typed',
    )
    typeInto(input, '0,7')
    await waitUntil(async () => (await slippages(api)).at(-1) === '0.7', 'a quote with 0.7% sent')
    assertEqual(input.value, '0,7', 'the comma stays as typed')
    await waitUntil(() => textOf(element, '[data-testid="slippage"]') === '0,7 %', 'the quote says 0,7 % too')
    const note = textOf(element, '[data-testid="slippage-note"]')
    assert(note.includes('abzüglich 0,7 %'), note)
    typeInto(input, '70')
    const problem = await waitUntil(() => textOf(element, '[data-testid="slippage-problem"]'), 'refused')
    assert(problem.endsWith('zum Beispiel 0,5.'), problem)
  })

  it('sends a custom slippage with the quote and keeps it for the site across a remount', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1', slippage: '0.5' })
    await waitForQuote(element)
    assertEqual(await slippages(api), ['0.5'], 'the host’s slippage first')
    const input = await openSettings(element)
    assertEqual($(element, '[part="settings-button"]')?.getAttribute('aria-expanded'), 'true')
    typeInto(input, '0.7')
    await waitUntil(async () => (await slippages(api)).at(-1) === '0.7', 'a quote with the custom slippage')
    assert(
      textOf(element, '[data-testid="slippage-note"]').includes('0.7%'),
      textOf(element, '[data-testid="slippage-note"]'),
    )
    element.remove()

    const again = await scenarioBase('ok')
    const remounted = await mount({ 'api-base': again, ...pair, amount: '1', slippage: '0.5' })
    await waitForQuote(remounted)
    assertEqual(await slippages(again), ['0.7'], 'the user’s choice is the first quote’s after a remount')
    assertEqual((await openSettings(remounted)).value, '0.7', 'and the panel shows it')
  })

  it('says "Auto" with the slippage the venue applied when neither the site nor the user set one', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...pair, amount: '1' })
    await waitForQuote(element)
    // The fake venue's floor is 1% under its estimate.
    assertEqual(textOf(element, '[data-testid="slippage"]'), 'Auto · 1%')
    assert(!$(element, '[data-testid="slippage"]')!.parentElement!.classList.contains('warn'), 'not marked')
  })

  it('shows a kept custom slippage in the quote summary once Settings is closed, marked from 5%', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1', slippage: '0.5' })
    await waitForQuote(element)
    const shown = () => textOf(element, '[data-testid="slippage"]')
    assertEqual(shown(), '0.5%', 'the site’s slippage is the one in force')
    typeInto(await openSettings(element), '20')
    await waitUntil(async () => (await slippages(api)).at(-1) === '20', 'a quote with 20%')
    $<HTMLButtonElement>(element, '[part="settings-button"]')!.click()
    await waitUntil(() => !$(element, '[part="slippage-input"]'), 'Settings closed')
    await waitUntil(() => shown() === '20%', `20% in the summary, got ${shown()}`)
    assert(
      $(element, '[data-testid="slippage"]')!.parentElement!.classList.contains('warn'),
      '20% is marked as high',
    )
    // In words as well as in colour: forced colours and screen readers get no colour.
    assertEqual(textOf(element, '.warn dt'), '⚠ Maximum slippage')
    element.remove()
    // Kept for the site: the next visit's first quote shows it, over the site's 0.5.
    const remounted = await mount({
      'api-base': await scenarioBase('ok'),
      ...pair,
      amount: '1',
      slippage: '0.5',
    })
    await waitForQuote(remounted)
    assertEqual(textOf(remounted, '[data-testid="slippage"]'), '20%', 'shown on the next visit')
  })

  it('refuses a slippage outside the contract’s range with a message, and quotes nothing with it', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1' })
    await waitForQuote(element)
    const input = await openSettings(element)
    typeInto(input, '60')
    await waitUntil(() => textOf(element, '[data-testid="slippage-problem"]'), 'the problem is said')
    assert(
      textOf(element, '[data-testid="slippage-problem"]').includes('at most 50%'),
      textOf(element, '[data-testid="slippage-problem"]'),
    )
    assertEqual(input.getAttribute('aria-invalid'), 'true')
    assertEqual(localStorage.getItem('swap-quote-slippage'), null, 'nothing kept')
    typeInto(input, '0')
    await element.updateComplete
    // "0" is on its way to "0.3" as much as it is zero: no alert while typing, refused once the field is left.
    assertEqual(textOf(element, '[data-testid="slippage-problem"]'), '')
    assertEqual($(element, '[data-testid="slippage-problem"]')!.getAttribute('role'), null)
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await element.updateComplete
    assert(textOf(element, '[data-testid="slippage-problem"]').includes('above 0%'), 'zero is refused too')
    assertEqual($(element, '[data-testid="slippage-problem"]')!.getAttribute('role'), 'alert')
    // The debounce passes: still no request with a refused value.
    await advanceClock(element, 1000)
    assert(!(await slippages(api)).some((value) => value === '60' || value === '0'), 'never sent')
    typeInto(input, '2')
    await waitUntil(async () => (await slippages(api)).at(-1) === '2', 'a valid value is sent')
    assertEqual(textOf(element, '[data-testid="slippage-problem"]'), '')
    // A refused value after a valid one: auto applies, never the 2% typed before behind the error.
    typeInto(input, '60')
    await waitUntil(
      () => textOf(element, '[data-testid="slippage-note"]').startsWith('Auto'),
      'auto in force',
    )
    await advanceClock(element, 1000)
    await waitUntil(async () => (await slippages(api)).at(-1) === undefined, 'the next quote asks for auto')
  })

  it('warns about a very low or high custom slippage', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...pair, amount: '1' })
    const input = await openSettings(element)
    typeInto(input, '0.01')
    await waitUntil(
      () => textOf(element, '[data-testid="slippage-warning"]').includes('may fail'),
      'low warning',
    )
    // An alert the field names: a screen reader hears the warning as it appears, and with the field.
    const warning = $(element, '[data-testid="slippage-warning"]')!
    assertEqual(warning.getAttribute('role'), 'alert')
    assert(input.getAttribute('aria-describedby')!.split(' ').includes(warning.id), 'described by it')
    typeInto(input, '12')
    await waitUntil(
      () => textOf(element, '[data-testid="slippage-warning"]').includes('much worse'),
      'high warning',
    )
  })

  it('goes back to the host’s default with Auto', async () => {
    localStorage.setItem('swap-quote-slippage', '0.7')
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...pair, amount: '1', slippage: '0.5' })
    await waitForQuote(element)
    assertEqual(await slippages(api), ['0.7'])
    await openSettings(element)
    $<HTMLButtonElement>(element, '[part="slippage-auto"]')!.click()
    await waitUntil(
      async () => (await slippages(api)).at(-1) === '0.5',
      'quoted with the host’s slippage again',
    )
    assertEqual(localStorage.getItem('swap-quote-slippage'), null, 'the custom value is forgotten')
    assertEqual($(element, '[part="slippage-auto"]')?.getAttribute('aria-pressed'), 'true')
    assert(
      textOf(element, '[data-testid="slippage-note"]').includes('0.5%'),
      textOf(element, '[data-testid="slippage-note"]'),
    )
  })
})

describe('<swap-quote> route details', () => {
  it('opens by keyboard and shows the venue, every fee, the minimum, the time and the race with the winner’s reason', async () => {
    const api = await scenarioBase('routes')
    const element = await mount({
      'api-base': api,
      ...pair,
      'buy-chain': 'BASE',
      recipient: user,
      amount: '1000',
    })
    await waitForQuote(element)
    assertEqual((await quoteLog(api))[0]?.query.include, 'alternatives', 'the race is asked for')
    const summary = $<HTMLElement>(element, '[part="route-detail"] summary')!
    assertEqual(textOf(element, '[data-testid="provider"]'), 'LI.FI')
    // How long the cross-chain route takes shows where the route is chosen, with the details closed.
    assertEqual(textOf(element, '[data-testid="expected-time"]'), 'about 2 min')
    assert(!$(element, '[part="route-detail"] [data-testid="expected-time"]'), 'not inside the details')
    // On one chain too: a same-chain THORChain route takes minutes, not a swap's seconds.
    const sameChain = await mount({ 'api-base': api, ...pair, amount: '1000' })
    await waitForQuote(sameChain)
    assertEqual(textOf(sameChain, '[data-testid="expected-time"]'), 'about 2 min')
    summary.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $(element, '[data-testid="route-detail"]'), 'the route detail', 10_000)
    assert($<HTMLDetailsElement>(element, '[part="route-detail"]')!.open, 'open')
    assertEqual(textOf(element, '[data-testid="detail-venue"]'), 'LI.FI')
    // 0.3% of 1,000 ETH is 3 ETH; the 1,000 are worth $2,510.
    assertEqual(textOf(element, '[data-testid="service-fee"]'), '0.3% · 3 ETH ≈ $7.53')
    assert(
      textOf(element, '[data-testid="network-fee"]').startsWith('1.5 USDC ≈ $1.'),
      textOf(element, '[data-testid="network-fee"]'),
    )
    assertEqual(
      textOf(element, '[data-testid="detail-minimum"]'),
      textOf(element, '[data-testid="min-buy-amount"]'),
    )
    const routes = [...element.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="alternative"]')]
    assertEqual(
      routes.map((route) => [route.dataset.provider, route.dataset.status]),
      [
        ['lifi', 'quoted'],
        ['0x', 'outranked'],
        ['cow', 'timedOut'],
      ],
    )
    const reason = routes[0]!
      .querySelector('[data-testid="alternative-reason"]')!
      .textContent!.replace(/\s+/g, ' ')
      .trim()
    assertEqual(reason, 'Won: the most left for you after fees and gas, 2 USDC more than 0x.')
    assert(routes[2]!.textContent!.includes('did not answer before the deadline'), 'why CoW is out')
    await sendKeys({ press: 'Enter' })
    await waitUntil(
      () => !$<HTMLDetailsElement>(element, '[part="route-detail"]')!.open,
      'closed again by keyboard',
    )
  })
})

describe('<swap-quote> history', () => {
  it('lists a swap with its final state and links after a reload', async () => {
    const api = await scenarioBase('ok')
    const script: FakeStatusStep[] = [
      { state: 'delivered', destinationTx: { chain: 'BASE', hash: deliveryHash }, deliveredAmount: '2500' },
    ]
    await fetch(`${api}/__status`, { method: 'POST', body: JSON.stringify(script) })
    const attributes = { 'api-base': api, ...pair, 'buy-chain': 'BASE', recipient: user, amount: '1' }
    const element = await mount(attributes)
    element.provider = createFakeProvider({ accounts: [user] })
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
      'quoted for the account',
      15_000,
    )
    const swap = await waitUntil(
      () => {
        const button = $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])')
        return button?.textContent?.trim() === 'Swap' ? button : undefined
      },
      'Swap',
      10_000,
    )
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    swap.click()
    await waitUntil(() => $(element, '[data-step="swap:confirmed"]'), 'sent', 60_000)
    // The first status poll is 3 s after sending, on the element's clock.
    await waitUntil(async () => {
      await advanceClock(element, 3000)
      return done
    }, 'delivered')
    const sentHash = (await (await fetch(`${api}/__status`)).json())[0].hash as string
    element.remove()

    // A reload: a new element, only storage left.
    const after = await mount(attributes)
    $<HTMLButtonElement>(after, '[part="history-button"]')!.click()
    const entry = await waitUntil(
      () => $(after, '[data-testid="history-entry"]'),
      'the history entry',
      15_000,
    )
    assertEqual(entry.dataset.state, 'delivered')
    assertEqual(textOf(after, '[data-testid="history-state"]'), 'Delivered')
    assert(entry.textContent!.includes('1 ETH → 2,500 USDC'), entry.textContent!)
    const links = [...entry.querySelectorAll<HTMLAnchorElement>('a')].map((link) => [
      link.textContent!.trim(),
      link.href,
    ])
    assertEqual(links, [
      ['View transaction', `https://etherscan.io/tx/${sentHash}`],
      ['View delivery', `https://basescan.org/tx/${deliveryHash}`],
    ])
  }, 120_000)

  it('resumes an unfinished swap of the history after a reload and shows its final state', async () => {
    const api = await scenarioBase('ok')
    await fetch(`${api}/__status`, {
      method: 'POST',
      body: JSON.stringify([
        { state: 'refunded', reason: 'The price moved past the minimum.', deliveredAmount: '0.998' },
      ]),
    })
    const quoteId = (
      await (
        await fetch(
          `${api}/api/sdk/v1/quote?sellChain=ETH&sellToken=ETH&buyChain=ETH&buyToken=USDC&amount=1&address=${user}`,
        )
      ).json()
    ).quoteId as string
    // Left on another page while still on its way: only the history knows it here.
    seedHistory({
      quoteId,
      apiBase: api,
      page: '/elsewhere',
      state: 'inFlight',
      sentAtMs: Date.now() - 60_000,
    })
    const element = await mount({ 'api-base': api, ...pair, amount: '1' })
    $<HTMLButtonElement>(element, '[part="history-button"]')!.click()
    await waitUntil(
      () => $(element, '[data-testid="history-entry"][data-state="refunded"]'),
      'refunded once polled',
      15_000,
    )
    assert(
      textOf(element, '[data-testid="history"]').includes('The price moved past the minimum.'),
      'with its reason',
    )
    assertEqual(JSON.parse(localStorage.getItem('swap-quote-history')!)[0].state, 'refunded', 'kept as final')
  }, 60_000)

  it('says there is nothing yet when no swap was made here', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...pair })
    $<HTMLButtonElement>(element, '[part="history-button"]')!.click()
    await waitUntil(
      () => textOf(element, '[data-testid="history-empty"]').startsWith('No swaps yet'),
      'empty history',
      15_000,
    )
  }, 30_000)
})

describe('<swap-quote> explorer links', () => {
  it('links transactions to the chain explorer when explorer-url is not a web address', async () => {
    seedHistory({ quoteId: 'q_scheme', state: 'delivered' })
    const element = await mount({
      'api-base': await scenarioBase('ok'),
      ...pair,
      'explorer-url': 'javascript:alert(1)//{hash}',
    })
    $<HTMLButtonElement>(element, '[part="history-button"]')!.click()
    const link = await waitUntil(
      () => $<HTMLAnchorElement>(element, '[part="history"] [part="tx-link"]'),
      'History open',
      15_000,
    )
    assertEqual(link.getAttribute('href'), `https://etherscan.io/tx/0x${'ab'.repeat(32)}`)
  })
})

describe('<swap-quote> panels accessibility', () => {
  it('closes Settings and History with Escape from inside them or from their button, focus back on it', async () => {
    seedHistory({ quoteId: 'q_escape', state: 'delivered' })
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...pair })
    const focused = () => element.shadowRoot!.activeElement
    // Whether the page saw each Escape as taken (a page dialog around the element must not close too).
    const taken: boolean[] = []
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && taken.push(event.defaultPrevented)
    document.addEventListener('keydown', onKey)
    // By keyboard alone: to Settings, open it, into the panel, Escape.
    $<HTMLButtonElement>(element, '[part="settings-button"]')!.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $(element, '[part="settings"]'), 'Settings open', 15_000)
    // Escape right after opening, focus still on the button, closes it as a popover closes.
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !$(element, '[part="settings"]'), 'Settings closed from its button')
    assertEqual(focused()?.getAttribute('part'), 'settings-button')
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $(element, '[part="settings"]'), 'Settings open again', 15_000)
    // Escape in the form, away from the panel, is not the panel's: it stays open, and focus stays put.
    $<HTMLInputElement>(element, '[part="amount"]')!.focus()
    await sendKeys({ press: 'Escape' })
    await element.updateComplete
    assert($(element, '[part="settings"]'), 'Settings still open')
    assertEqual(focused()?.getAttribute('part'), 'amount')
    while (!$(element, '[part="settings"]')!.contains(focused())) await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !$(element, '[part="settings"]'), 'Settings closed')
    assertEqual(focused()?.getAttribute('part'), 'settings-button')
    assertEqual($(element, '[part="settings-button"]')!.getAttribute('aria-expanded'), 'false')

    await sendKeys({ press: 'Tab' })
    assertEqual(focused()?.getAttribute('part'), 'history-button')
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $(element, '[part="history"] [part="tx-link"]'), 'History open', 15_000)
    while (!$(element, '[part="history"]')!.contains(focused())) await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !$(element, '[part="history"]'), 'History closed')
    assertEqual(focused()?.getAttribute('part'), 'history-button')
    // With nothing open, Escape on a button is the page's (a dialog around the element closes).
    await sendKeys({ press: 'Escape' })
    document.removeEventListener('keydown', onKey)
    assertEqual(taken, [true, false, true, true, false], 'only the Escapes that closed a panel are taken')
  }, 30_000)

  it('has no axe violations with the settings (a refused value), the route details and the history open', async () => {
    seedHistory({
      quoteId: 'q_axe_check',
      buyChain: 'BASE',
      state: 'failed',
      reason: 'The bridge gave up.',
    })
    const element = await mount({
      'api-base': await scenarioBase('routes'),
      ...pair,
      amount: '1000',
      theme: 'light',
    })
    await waitForQuote(element)
    await openRouteDetail(element)
    typeInto(await openSettings(element), '99')
    await waitUntil(() => textOf(element, '[data-testid="slippage-problem"]'), 'the problem', 15_000)
    const check = async (state: string) => {
      const result = await axe.run(element, { rules: { 'target-size': { enabled: true } } })
      const found = result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`,
      )
      assertEqual(found, [], `axe violations (${state})`)
    }
    await check('light, settings')
    $<HTMLButtonElement>(element, '[part="history-button"]')!.click()
    await waitUntil(() => $(element, '[data-testid="history-entry"]'), 'history', 15_000)
    await check('light, history')
    element.setAttribute('theme', 'dark')
    await element.updateComplete
    await check('dark, history')
  }, 60_000)
})
