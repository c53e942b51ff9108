import axe from 'axe-core'
import { sendKeys } from '@web/test-runner-commands'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { SwapQuote } from './swap-quote'
import {
  $,
  assert,
  assertEqual,
  describe,
  it,
  mount,
  scenarioBase,
  textOf,
  waitForQuote,
  waitUntil,
} from './test/harness'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const base = {
  'sell-chain': 'ETH',
  'sell-token': 'ETH',
  'buy-chain': 'ETH',
  'buy-token': 'USDC',
  amount: '1',
}

async function expectNoViolations(element: SwapQuote, state: string): Promise<void> {
  // With WCAG 2.2's target size (24 px), which axe leaves out unless asked: a phone's user taps these.
  const result = await axe.run(element, { rules: { 'target-size': { enabled: true } } })
  const found = result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`,
  )
  assertEqual(found, [], `axe violations (${state})`)
}

describe('<swap-quote> accessibility and theming', () => {
  it('has no axe violations with a quote, in light and dark themes', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, theme: 'light' })
    await waitForQuote(element)
    await expectNoViolations(element, 'light, quote')
    element.setAttribute('theme', 'dark')
    await element.updateComplete
    await expectNoViolations(element, 'dark, quote')
  })

  it('has no axe violations with an error, a cross-chain recipient and a bad amount', async () => {
    const element = await mount({
      'api-base': await scenarioBase('no-route'),
      ...base,
      'buy-chain': 'BASE',
      recipient: 'nope',
    })
    await waitUntil(() => textOf(element, '[data-testid="recipient-problem"]'), 'recipient problem')
    element.amount = '1e5'
    await element.updateComplete
    await expectNoViolations(element, 'invalid inputs')
    element.amount = '1'
    element.recipient = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    // The problem views are a lazy chunk: on a cold test server its first load alone can take seconds.
    await waitUntil(() => $(element, '[data-testid="steps"]'), 'NO_ROUTE steps', 15_000)
    await expectNoViolations(element, 'NO_ROUTE')
  })

  it('has no axe violations while showing execution progress and deposit instructions', async () => {
    const provider = createFakeProvider({ accounts: [user] })
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    element.provider = provider
    await waitUntil(
      () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
      'firm',
    )
    $<HTMLButtonElement>(element, '[part="action-button"]')!.click()
    // The page's first Swap loads the execution chunk, cold: on a loaded test server that takes seconds.
    await waitUntil(
      () => textOf(element, '[data-testid="execution-message"]'),
      () => `done (the button says ${textOf(element, '[part="action-button"]')})`,
      30_000,
    )
    await expectNoViolations(element, 'progress')
  }, 45_000)

  it('has no axe violations with a balance, the route details and a token warning to acknowledge', async () => {
    const element = await mount({
      'api-base': await scenarioBase('unlisted'),
      ...base,
      'buy-token': '0x1111111111111111111111111111111111111111',
    })
    element.provider = createFakeProvider({ accounts: [user] })
    await waitUntil(() => $(element, '[part="max-button"]'), 'the balance and Max', 15_000)
    await waitUntil(() => $(element, '[part="token-acknowledge"]'), 'the token warning', 15_000)
    // Why the token is a risk is announced as it appears: the checkbox alone says only "the risk".
    assert(
      textOf(element, '[data-testid="token-warning"] [role="alert"]').includes(
        'Tokens like this are often fakes.',
      ),
      'the imitation is an alert',
    )
    $<HTMLElement>(element, '[part="route-summary"]')!.click()
    await waitUntil(() => $(element, '[data-testid="route-detail"]'), 'the route details', 15_000)
    await expectNoViolations(element, 'balance, route details, token warning')
  })

  it('keeps keyboard focus in the widget through a swap and a new quote', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    element.provider = createFakeProvider({ accounts: [user] })
    await waitUntil(
      () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
      'firm',
    )
    $<HTMLButtonElement>(element, '[part="action-button"]')!.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(
      () => textOf(element, '[data-testid="execution-message"]'),
      () => `done (the button says ${textOf(element, '[part="action-button"]')})`,
      30_000,
    )
    const focused = () => element.shadowRoot!.activeElement?.getAttribute('part') ?? undefined
    assertEqual(focused(), 'progress', 'focus moved to the progress')
    const newQuote = [...element.shadowRoot!.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'New quote',
    )
    newQuote!.focus()
    await sendKeys({ press: 'Enter' })
    await element.updateComplete
    assertEqual(focused(), 'quote', 'focus moved to where the new quote appears')
    await sendKeys({ press: 'Tab' })
    assert(element.shadowRoot!.activeElement, 'Tab goes on inside the widget')
  }, 45_000)

  it('announces each step of the progress once, politely, and a failed swap or wallet request as an alert', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    element.provider = createFakeProvider({ accounts: [user], rejectSendIndex: 0 })
    await waitUntil(
      () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
      'firm',
    )
    $<HTMLButtonElement>(element, '[part="action-button"]')!.click()
    const progress = await waitUntil(() => $(element, '[part="progress"]'), 'progress', 15_000)
    // A log: polite, and each step is read once as it is added (a status region is atomic, so every step
    // re-read the whole list).
    assertEqual(progress.getAttribute('role'), 'log')
    assertEqual(progress.getAttribute('aria-live') ?? 'polite', 'polite')
    assertEqual(progress.getAttribute('aria-atomic') ?? 'false', 'false')
    const failure = await waitUntil(() => $(element, '[data-testid="execution-message"]'), 'failure')
    assertEqual(failure.getAttribute('role'), 'alert')
    assert(/declined/i.test(failure.textContent!), 'says what happened')

    const declining = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    declining.provider = createFakeProvider({ accounts: [], rejectMethods: ['eth_requestAccounts'] })
    await declining.updateComplete
    $<HTMLButtonElement>(declining, '[part="connect-button"]')!.click()
    const message = await waitUntil(() => $(declining, '[data-testid="wallet-message"]'), 'wallet message')
    assertEqual(message.getAttribute('role'), 'alert')
  })

  it("labels every control, and reads out a quote's problem but never a refresh's figures", async () => {
    // Quotes here live 6 s; the refresh brings new figures, and the one after it fails.
    const element = await mount({
      'api-base': await scenarioBase('refresh-fails'),
      ...base,
      'buy-chain': 'BTC',
    })
    for (const control of element.shadowRoot!.querySelectorAll('input, select')) {
      assert(control.closest('label')?.textContent?.trim(), `${control.getAttribute('name')} has a label`)
    }
    // Then a same-chain pair, whose first request is the scenario's first.
    element.setAttribute('buy-chain', 'ETH')
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]'
    const status = $(element, '[role="status"]')!
    const quote = $(element, '[part="quote"]')!
    await waitForQuote(element)
    // Nothing around or in the quote is read out as its figures change (a screen reader heard every
    // changed figure, unlabelled, at each refresh): the summary is there to be read, as in the swap apps.
    assert(!quote.closest(live) && !quote.querySelector(live), 'the quote is no live region')
    assertEqual(status.textContent!.trim(), '', 'nothing said while a quote is on offer')
    const problem = await waitUntil(() => textOf(element, '[part="error"] p'), 'the failed refresh', 10_000)
    // Its problem is: once, politely, in the words shown.
    assertEqual(status.textContent!.trim(), problem)
    assert(status.isConnected && status === $(element, '[role="status"]'), 'one status line, there all along')
  }, 20_000)

  it('keeps focus in the widget when the control that had it goes: "Try again" answered', async () => {
    const element = await mount({ 'api-base': await scenarioBase('refresh-fails'), ...base })
    await waitForQuote(element)
    const retry = await waitUntil(
      () => $<HTMLButtonElement>(element, '[part="retry-button"]'),
      'the failed refresh',
      10_000,
    )
    retry.focus()
    retry.click()
    await waitForQuote(element)
    await element.updateComplete
    assert(!retry.isConnected, '"Try again" is gone with its problem')
    // Not the page's body, where a keyboard user would start again from the top.
    assertEqual(element.shadowRoot!.activeElement?.getAttribute('part'), 'quote')
  }, 20_000)

  it('moves focus through the controls in reading order with a visible focus ring', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    await waitForQuote(element)
    $<HTMLButtonElement>(element, '[name="sell-token"]')!.focus()
    const order: string[] = []
    for (let step = 0; step < 7; step++) {
      const active = element.shadowRoot!.activeElement as HTMLElement | null
      order.push(active?.getAttribute('name') ?? active?.getAttribute('part') ?? '?')
      await sendKeys({ press: 'Tab' })
    }
    assertEqual(order, [
      'sell-token',
      'amount',
      'flip-button',
      'buy-token',
      'rate-button',
      // The quote's route details disclosure.
      'route-summary',
      'connect-button',
    ])
    const focused = element.shadowRoot!.activeElement as HTMLElement
    assertEqual(getComputedStyle(focused).outlineStyle, 'solid', 'visible focus')
  })

  it('takes its colours from --swap-quote-* custom properties and exposes parts', async () => {
    const style = document.createElement('style')
    style.textContent = `
      swap-quote.themed { --swap-quote-accent: rgb(200, 0, 100); --swap-quote-radius: 3px; }
      swap-quote.themed::part(quote) { border: 2px solid rgb(0, 128, 0); }`
    document.head.append(style)
    try {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      element.classList.add('themed')
      await waitForQuote(element)
      assertEqual(getComputedStyle($(element, '[part="action-button"]')!).backgroundColor, 'rgb(200, 0, 100)')
      assertEqual(getComputedStyle(element).borderTopLeftRadius, '3px')
      assertEqual(getComputedStyle($(element, '[part="quote"]')!).borderTopColor, 'rgb(0, 128, 0)')
    } finally {
      style.remove()
    }
  })

  it('switches colours with the theme attribute', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, theme: 'light' })
    const light = getComputedStyle(element).backgroundColor
    element.theme = 'dark'
    await element.updateComplete
    assertEqual(element.getAttribute('theme'), 'dark', 'reflected')
    assert(getComputedStyle(element).backgroundColor !== light, 'dark background')
  })

  it('fits a 320 px wide column without horizontal scrolling', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, 'buy-chain': 'BASE' })
    element.style.width = '320px'
    element.recipient = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    await waitForQuote(element)
    const form = $(element, 'form')!
    assert(element.getBoundingClientRect().width <= 320, 'the element keeps to its width')
    assert(form.scrollWidth <= form.clientWidth, `no overflow: ${form.scrollWidth} > ${form.clientWidth}`)
  })

  it('writes in its fields at 16 px at least, so a phone does not zoom the page when one takes focus', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, 'buy-chain': 'BASE' })
    element.recipient = ''
    await waitUntil(() => $(element, 'input[name="recipient"]'), 'the recipient field')
    $<HTMLButtonElement>(element, '[name="buy-token"]')!.click()
    await waitUntil(() => $(element, '[part="picker-search"]'), 'the picker’s search', 30_000)
    for (const field of ['amount', 'recipient', 'picker-search']) {
      const size = parseFloat(getComputedStyle($(element, `[part="${field}"]`)!).fontSize)
      assert(size >= 16, `${field}: ${size} px`)
    }
  }, 45_000)
})
