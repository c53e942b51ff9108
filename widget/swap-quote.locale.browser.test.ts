import { executeServerCommand } from '@web/test-runner-commands'
import { render } from 'lit'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { SwapQuoteErrorEvent } from './events'
import { renderRate } from './parts/renderRate'
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
  typeInto,
  waitForQuote,
  waitUntil,
} from './test/harness'

const base = { 'sell-chain': 'ETH', 'sell-token': 'ETH', 'buy-chain': 'ETH', 'buy-token': 'USDC' }

/**
 * Waits until the sell side's legend reads `text`: the locale's catalog has loaded and applied (a lazy
 * chunk: on a cold test server its first load alone can take seconds).
 */
const legendReads = (element: SwapQuote, text: string) =>
  waitUntil(() => textOf(element, '[part="sell"] legend') === text, `the legend reads "${text}"`, 15_000)

/** The amount field's label text and its input, as laid out. */
function amountField(element: SwapQuote): { text: string; label: DOMRect; input: DOMRect } {
  const input = $<HTMLInputElement>(element, 'input[part="amount"]')!
  const label = input.closest('label')!.querySelector('span')!
  // The text's own box, not the block's: where the words start and end.
  const range = document.createRange()
  range.selectNodeContents(label)
  return {
    text: label.textContent!.trim(),
    label: range.getBoundingClientRect(),
    input: input.getBoundingClientRect(),
  }
}

/** The box of the first `text` inside `root`'s text. */
function boxOf(root: Node, text: string): DOMRect {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(text)
    if (at < 0) continue
    const range = document.createRange()
    range.setStart(node, at)
    range.setEnd(node, at + text.length)
    return range.getBoundingClientRect()
  }
  throw new Error(`"${text}" not found`)
}

/** Presses Swap once the quote is firm for the account and the balance is read. */
async function pressSwap(element: SwapQuote): Promise<void> {
  await waitUntil(
    () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
    'a firm quote for the account',
    15_000,
  )
  const swap = await waitUntil(
    () => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'),
    'the swap button, once the balance is read',
  )
  swap.click()
}

describe('<swap-quote> languages', () => {
  it('speaks German with locale="de": its labels, the quote in German numbers, the words of its buttons', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de', amount: '2' })
    await legendReads(element, 'Sie zahlen')
    assertEqual(element.locale, 'de', 'the locale in use reads back')
    assertEqual(textOf(element, '[part="buy"] legend'), 'Sie erhalten')
    assertEqual(amountField(element).text, 'Zu verkaufender Betrag')
    // Numbers keep going through Intl in the same locale: a decimal comma.
    assertEqual(await waitForQuote(element), '5,000001 USDC', 'the estimate in German')
    assertEqual(textOf(element, '[data-testid="rate"]'), '1 ETH = 2,5 USDC')
    assert(
      textOf(element, '[data-testid="expiry"]').startsWith('Angebot läuft ab in'),
      'the countdown in German',
    )
    assertEqual(textOf(element, '[part="action-button"]'), 'Wallet verbinden, um zu tauschen')
    // Left to right: the label starts where its field starts.
    const { label, input } = amountField(element)
    assert(
      Math.abs(label.left - input.left) < 2,
      `label at the field's left edge (${label.left} vs ${input.left})`,
    )
    await executeServerCommand('screenshot', { path: 'docs/images/widget-de.png' })
  })

  it('speaks German in the token buttons, the quote summary rows and the wallet bar with locale="de"', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de', amount: '2' })
    await legendReads(element, 'Sie zahlen')
    await waitForQuote(element)
    // Symbols and chain names stay as they are; only the words around them change.
    for (const side of ['sell', 'buy']) {
      assertEqual(
        textOf(element, `[name="${side}-token"] small`),
        'auf Ethereum',
        `the ${side} token's chain`,
      )
    }
    assertEqual(textOf(element, '[name="buy-token"] b'), 'USDC')
    const terms = [
      ...element.shadowRoot!.querySelectorAll('[data-testid="quote"] dl.summary > div > dt'),
    ].map((term) => term.textContent!.trim())
    assertEqual(
      terms.join(' | '),
      'Sie erhalten (geschätzt) | Mindestens erhalten | Maximale Slippage | Kurs',
    )
    assertEqual(textOf(element, '[data-testid="slippage"]'), 'Auto · 1 %')
    assertEqual(textOf(element, '[part="route-summary"]'), 'Route 0x: Gebühren und Details')
    assertEqual(textOf(element, '[part="connect-button"]'), 'Wallet verbinden')
  })

  it('says what is wrong with an amount in German: more decimals than the token has, or none yet', async () => {
    const element = await mount({
      'api-base': await scenarioBase('ok'),
      ...base,
      locale: 'de',
      'sell-token': 'USDC',
    })
    await legendReads(element, 'Sie zahlen')
    await waitUntil(() => $(element, '[name="sell-token"] img'), "the token list with USDC's decimals")
    const problem = () => textOf(element, '[data-testid="amount-problem"]')
    // "0,0" is on its way to "0,05": no mistake yet, and nothing to quote.
    typeInto($(element, 'input[name="amount"]'), '0,0')
    await waitUntil(
      () => textOf(element, '[part="action-button"]') === 'Betrag eingeben',
      'no amount yet, in German',
    )
    assertEqual(problem(), '')
    typeInto($(element, 'input[name="amount"]'), '1,1234567')
    await waitUntil(
      () => problem() === 'Dieser Token hat höchstens 6 Nachkommastellen.',
      'too many decimals refused in German',
    )
    // German writes 1.500 for one thousand five hundred: never quoted as 1.5.
    typeInto($(element, 'input[name="amount"]'), '1.500')
    await waitUntil(
      () => problem().includes('Tausendertrennzeichen'),
      'the point refused as ambiguous in German',
    )
    assert(!$(element, '[data-testid="buy-amount"]'), 'no quote for 1.5')
    // German's own decimal comma before three digits is a fraction, one reading only: quoted.
    typeInto($(element, 'input[name="amount"]'), '1,125')
    await waitUntil(() => $(element, '[data-testid="buy-amount"]'), 'a quote for 1,125')
    assert(problem() === '', `no problem for 1,125, got ${problem()}`)
  })

  it('says a failed network switch in German, and in English in its swap-quote:error event', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de', amount: '2' })
    await legendReads(element, 'Sie zahlen')
    element.provider = createFakeProvider({
      accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
      chainId: 8453,
      cannotSwitch: true,
    })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    const switchButton = await waitUntil(
      () => $<HTMLButtonElement>(element, '[part="switch-button"]'),
      'switch',
    )
    assertEqual(textOf(element, '[part="switch-button"]'), 'Zu Ethereum wechseln')
    assertEqual(textOf(element, '[data-testid="account"]'), 'Verbunden: 0xf39f…2266')
    switchButton.click()
    await waitUntil(() => errors.length, 'swap-quote:error')
    assertEqual(errors[0]?.message, 'The wallet could not switch to Ethereum.')
    assertEqual(
      textOf(element, '[data-testid="wallet-message"]'),
      'Die Wallet konnte nicht zu Ethereum wechseln.',
    )
  })

  it('says a swap declined in the wallet in German, and in the wallet layer’s English in its event', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de', amount: '2' })
    await legendReads(element, 'Sie zahlen')
    element.provider = createFakeProvider({
      accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
      rejectSendIndex: 0,
    })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    await pressSwap(element)
    // The execution code is a chunk of its own: on a cold test server its first load can take seconds.
    await waitUntil(() => errors.length, 'swap-quote:error', 15_000)
    assertEqual(errors[0]?.code, 'rejected')
    assert(/declined/i.test(errors[0]!.message), errors[0]!.message)
    assertEqual(
      textOf(element, '[data-testid="execution-message"]'),
      'Der Tausch wurde in der Wallet abgelehnt.',
    )
    assertEqual(
      $(element, '[data-testid="execution-message"] p')!.closest('[lang]')!.getAttribute('lang'),
      'de',
    )
  })

  it('marks a wallet or venue message it has no German for as English, so it is read as English', async () => {
    const element = await mount({
      'api-base': await scenarioBase('order-unreachable'),
      ...base,
      'sell-token': 'USDC',
      locale: 'de',
      amount: '2',
    })
    await legendReads(element, 'Sie zahlen')
    element.provider = createFakeProvider({ accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'] })
    await pressSwap(element)
    const message = await waitUntil(
      () => $(element, '[data-testid="execution-message"] p'),
      'the failure',
      15_000,
    )
    assert(message.textContent!.includes('order book could not be reached'), message.textContent!)
    assertEqual(message.closest('[lang]')!.getAttribute('lang'), 'en')
    assertEqual($(element, '[part="sell"] legend')!.closest('[lang]')!.getAttribute('lang'), 'de')
  })

  it('takes the language of the page when it has no locale, and falls back from a region to its language', async () => {
    const lang = document.documentElement.lang
    document.documentElement.lang = 'es-MX'
    try {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      await legendReads(element, 'Pagas')
      assertEqual(element.locale, 'es-MX')
      assertEqual(textOf(element, '[data-testid="quote"]'), 'Introduce un importe para ver una cotización.')
      // The attribute wins over the page, and a change of it switches the words.
      element.setAttribute('locale', 'de-CH')
      await legendReads(element, 'Sie zahlen')
      element.setAttribute('locale', 'en')
      await legendReads(element, 'You pay')
      assertEqual(textOf(element, '[data-testid="quote"]'), 'Enter an amount to see a quote.')
    } finally {
      document.documentElement.lang = lang
    }
  })

  it('tells a screen reader the language of its words, which may not be the page’s', async () => {
    const lang = document.documentElement.lang
    document.documentElement.lang = 'fr'
    // The language a screen reader reads a node in: its nearest `lang`, across the shadow boundary.
    const spokenAs = (element: SwapQuote) =>
      $(element, '[part="sell"] legend')!.closest('[lang]')!.getAttribute('lang')
    try {
      // French numbers, English words (no French catalog): read in English, not with a French voice.
      const french = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      assertEqual(textOf(french, '[part="sell"] legend'), 'You pay')
      assertEqual(spokenAs(french), 'en')
      const german = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de-CH' })
      await legendReads(german, 'Sie zahlen')
      assertEqual(spokenAs(german), 'de-CH')
    } finally {
      document.documentElement.lang = lang
    }
  })

  it('stays in English for a language it has no catalog for, in the page’s direction', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'fr', amount: '2' })
    // French numbers (Intl knows every locale), English words.
    assertEqual(await waitForQuote(element), '5,000001 USDC')
    assertEqual(textOf(element, '[part="sell"] legend'), 'You pay')
    assertEqual(getComputedStyle($(element, 'form')!).direction, 'ltr')
  })

  it('lays out right to left in Arabic: labels and legends on the right, problem words and buttons in Arabic', async () => {
    const element = await mount({
      'api-base': await scenarioBase('no-route'),
      ...base,
      locale: 'ar',
      amount: '1',
    })
    await legendReads(element, 'تدفع')
    assertEqual(getComputedStyle($(element, 'form')!).direction, 'rtl', 'the direction follows the locale')
    const { label, input } = amountField(element)
    assert(
      Math.abs(label.right - input.right) < 2,
      `label at the field's right edge (${label.right} vs ${input.right})`,
    )
    assert(label.left > input.left + input.width / 2, 'and nowhere near its left edge')
    const fieldset = $(element, '[part="sell"]')!.getBoundingClientRect()
    const legend = $(element, '[part="sell"] legend')!.getBoundingClientRect()
    assert(legend.left > fieldset.left + fieldset.width / 2, 'the legend sits on the right')
    // The problem views are a lazy chunk too.
    const problem = await waitUntil(() => textOf(element, '[part="error"] p'), 'the problem is shown', 30_000)
    assert(problem.startsWith('لا تستطيع أي منصة مبادلة هذا الزوج'), `the problem in Arabic: ${problem}`)
    assertEqual(textOf(element, '[part="retry-button"]'), 'حاول مجددًا')
    // An amount inside Arabic words keeps its number before its symbol ("1 ETH", not "ETH 1").
    const step = $(element, '[data-testid="steps"] li')!
    assert(boxOf(step, '1').right <= boxOf(step, 'ETH').left, 'the step\'s "1 ETH" reads in order')
    assertEqual(textOf(element, '[part="action-button"]'), 'لا يوجد مسار لهذا الزوج')
  }, 45_000)

  it('keeps an address left to right in Arabic, so its 0x start stays in view', async () => {
    const recipient = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const element = await mount({
      'api-base': await scenarioBase('ok'),
      ...base,
      'buy-chain': 'BASE',
      locale: 'ar',
      recipient,
      style: 'width: 320px',
    })
    await legendReads(element, 'تدفع')
    const field = await waitUntil(
      () => $<HTMLInputElement>(element, '[part="recipient"]'),
      'the recipient field',
    )
    // Left to right, an input that overflows shows its start (its 0x); right to left, it showed its end.
    assertEqual(getComputedStyle(field).direction, 'ltr', 'the address runs left to right')
  })

  it('mirrors a quote in Arabic: each side titled on the right inside its panel, the amount on the left', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'ar', amount: '2' })
    await legendReads(element, 'تدفع')
    await waitForQuote(element)
    for (const side of ['sell', 'buy']) {
      const panel = $(element, `[part="${side}"]`)!.getBoundingClientRect()
      const title = boxOf($(element, `[part="${side}"] legend`)!, textOf(element, `[part="${side}"] legend`))
      // Inside the panel (a title cut into the border had its tops clipped), at its right.
      assert(
        title.top > panel.top + 4,
        `the ${side} title sits inside its panel (${title.top} vs ${panel.top})`,
      )
      assert(title.left > panel.left + panel.width / 2, `the ${side} title sits on the right`)
    }
    const quote = $(element, '[data-testid="quote"]')!.getBoundingClientRect()
    const amount = $(element, '[data-testid="buy-amount"]')!.getBoundingClientRect()
    assert(amount.right < quote.left + quote.width / 2, 'the amount received sits on the left')
    // Its number before its symbol, as in the sentences: "5.000001 USDC", not "USDC 5.000001".
    const received = $(element, '[data-testid="buy-amount"]')!
    assert(boxOf(received, '5').right <= boxOf(received, 'USDC').left, 'the amount reads in order')
    await executeServerCommand('screenshot', { path: 'docs/images/widget-ar.png' })
  })

  it('writes a dollar value in Arabic left to right, as its amounts: "≈ 5,000.00 US$", never "$US 5,000.00 ≈"', async () => {
    const element = await mount({
      'api-base': await scenarioBase('priced'),
      ...base,
      locale: 'ar',
      amount: '2',
    })
    await legendReads(element, 'تدفع')
    await waitUntil(() => $(element, '[data-testid="buy-value"]'), 'the dollar value of what arrives')
    for (const id of ['buy-value', 'sell-value']) {
      const value = $(element, `[data-testid="${id}"]`)!
      const dollars = boxOf(value, '$')
      const shown = textOf(element, `[data-testid="${id}"]`)
      assert(boxOf(value, '≈').right <= dollars.left, `${id}: ≈ first (${shown})`)
      assert(boxOf(value, '.00').right <= boxOf(value, 'US').left, `${id}: the number, then US$ (${shown})`)
      assert(boxOf(value, 'US').right <= dollars.left + 1, `${id}: US$ in order (${shown})`)
    }
  })

  it('keeps the rate in reading order right to left: "1 ETH", then "=", then the bought amount', async () => {
    const host = document.createElement('div')
    host.dir = 'rtl'
    host.style.cssText = 'width: 20rem; font: 16px sans-serif'
    document.body.append(host)
    try {
      render(renderRate({ sell: 'ETH', buy: 'USDC', rate: '2.5' }), host)
      const sell = host.querySelector('[data-rate="sell"]')!.getBoundingClientRect()
      const buy = host.querySelector('[data-rate="buy"]')!.getBoundingClientRect()
      const equals = boxOf(host, '=')
      assert(sell.left >= equals.right && equals.left >= buy.right, 'read from the right: 1 ETH, =, 2.5 USDC')
      assert(
        boxOf(host, '1').right <= boxOf(host, 'ETH').left,
        'each side keeps its number before its symbol',
      )
      assert(boxOf(host, '2.5').right <= boxOf(host, 'USDC').left, 'the bought side too')
      // What the isolation prevents: as plain text the "1" drifts away from its "ETH", past "USDC".
      host.textContent = '1 ETH = 2.5 USDC'
      assert(boxOf(host, '1').left > boxOf(host, 'USDC').right, 'plain text scrambles in RTL')
    } finally {
      host.remove()
    }
  })
})
