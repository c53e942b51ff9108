import axe from 'axe-core'
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands'
import type { SwapQuoteChangeEvent } from './events'
import type { SwapQuote } from './swap-quote'
import {
  $,
  assert,
  assertEqual,
  describe,
  it,
  mount,
  quoteLog,
  scenarioBase,
  textOf,
  waitForQuote,
  waitUntil,
} from './test/harness'

const base = {
  'sell-chain': 'ETH',
  'sell-token': 'ETH',
  'buy-chain': 'ETH',
  'buy-token': 'USDC',
  amount: '1',
}
const usdtOnEth = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'

const active = (element: SwapQuote) => element.shadowRoot!.activeElement as HTMLElement | null
const dialog = (element: SwapQuote) => $<HTMLDialogElement>(element, 'dialog.picker')
const optionSymbols = (element: SwapQuote) =>
  [...element.shadowRoot!.querySelectorAll('[role="option"]')].map((option) =>
    option.getAttribute('data-symbol'),
  )

/** Waits until the picker is open with focus in its search box. */
async function pickerOpen(element: SwapQuote): Promise<HTMLInputElement> {
  return waitUntil(
    () => {
      const search = $<HTMLInputElement>(element, '[part="picker-search"]')
      return dialog(element)?.open && active(element) === search ? search : undefined
    },
    'the picker opens with focus in its search box',
    30_000,
  )
}

describe('<swap-quote> token picker', () => {
  it('is used by keyboard alone: Enter opens, typing filters, arrows move, Enter picks, Escape returns focus', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    await waitForQuote(element)
    const changes: string[] = []
    element.addEventListener('swap-quote:change', (event: SwapQuoteChangeEvent) =>
      changes.push(`${event.name}=${event.value}`),
    )
    const trigger = $<HTMLButtonElement>(element, '[name="sell-token"]')!
    assertEqual(trigger.getAttribute('aria-haspopup'), 'dialog')
    assert(/ETH on Ethereum/.test(textOf(element, '[name="sell-token"]')), 'the button names token and chain')
    trigger.focus()

    await sendKeys({ press: 'Enter' })
    const search = await pickerOpen(element)
    assertEqual(dialog(element)!.getAttribute('aria-labelledby'), 'picker-title')
    await waitUntil(() => optionSymbols(element).length > 3, 'the chain tokens are listed')
    assertEqual(
      optionSymbols(element).slice(0, 3),
      ['ETH', 'USDC', 'USDT'],
      'the coin and popular tokens first',
    )

    await sendKeys({ type: 'usd' })
    await waitUntil(() => optionSymbols(element).join() === 'USDC,USDT', 'only USDC and USDT match "usd"')
    assertEqual(search.getAttribute('aria-activedescendant'), 'picker-option-0')
    await sendKeys({ press: 'ArrowDown' })
    await waitUntil(() => search.getAttribute('aria-activedescendant') === 'picker-option-1', 'down moves on')
    assertEqual($(element, '#picker-option-1')?.getAttribute('aria-selected'), 'true')
    await sendKeys({ press: 'Enter' })

    await waitUntil(() => !dialog(element), 'the picker closes on Enter')
    await waitUntil(() => active(element) === trigger, 'focus returns to the token button')
    assertEqual(changes, [`sell-token=${usdtOnEth}`], 'the token changed, on the same chain')
    await waitUntil(
      () => /USDT on Ethereum/.test(textOf(element, '[name="sell-token"]')),
      'the button shows USDT',
    )
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.sellToken === usdtOnEth)),
      'quoted with the picked token',
    )

    await sendKeys({ press: 'Enter' })
    await pickerOpen(element)
    // The side's token now is marked, to the eye and as "current"; the others are not.
    await waitUntil(() => optionSymbols(element).length > 3, 'the chain tokens are listed')
    const marks = [...element.shadowRoot!.querySelectorAll('[role="option"]')].map((option) => [
      option.getAttribute('data-symbol'),
      option.getAttribute('aria-current'),
      getComputedStyle(option.querySelector('b')!, '::after').content.includes('✓'),
    ])
    assertEqual(
      marks.filter(([, current, seen]) => current || seen),
      [['USDT', 'true', true]],
    )
    await sendKeys({ type: 'dai' })
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !dialog(element), 'Escape closes the picker')
    await waitUntil(() => active(element) === trigger, 'focus returns to the token button after Escape')
    assertEqual(changes.length, 1, 'Escape picks nothing')
  })

  it('offers every quotable chain but HIVE, shows logos or monograms, and takes a pasted address on another chain', async () => {
    const api = await scenarioBase('ok')
    // A cross-chain pair is quoted once it has a recipient.
    const element = await mount({
      'api-base': api,
      ...base,
      recipient: '0x2222222222222222222222222222222222222222',
    })
    $<HTMLButtonElement>(element, '[name="buy-token"]')!.click()
    await pickerOpen(element)
    const chains = await waitUntil(() => {
      const found = [...element.shadowRoot!.querySelectorAll('[part="picker-chain"]')].map((button) =>
        button.getAttribute('data-chain'),
      )
      return found.length > 10 ? found : undefined
    }, 'the chain row')
    assert(
      chains.includes('BTC') && chains.includes('BASE') && !chains.includes('HIVE'),
      `chains: ${chains.join()}`,
    )
    assertEqual(
      $(element, '[data-chain="ETH"]')?.getAttribute('aria-pressed'),
      'true',
      'the side chain is pressed',
    )

    $<HTMLButtonElement>(element, '[data-chain="BASE"]')!.click()
    await waitUntil(() => optionSymbols(element).includes('cbBTC'), 'Base tokens listed')
    const logo = await waitUntil(() => {
      const img = $<HTMLImageElement>(element, '[data-symbol="USDC"] img.logo')
      return img?.complete && img.naturalWidth > 0 ? img : undefined
    }, 'the USDC logo loads from the API')
    assert(/\/logos\/usdc-[0-9a-f]{10}\.svg$/.test(logo.src), `logo from /logos: ${logo.src}`)
    const monogram = $(element, '[data-symbol="WETH"] .logo')
    assertEqual(monogram?.tagName, 'SPAN', 'no WETH drawing: a monogram')
    assertEqual(monogram?.textContent?.trim(), 'WE')

    const pasted = '0x1111111111111111111111111111111111111111'
    $<HTMLInputElement>(element, '[part="picker-search"]')!.focus()
    await sendKeys({ type: pasted })
    await waitUntil(
      () => textOf(element, '[role="listbox"]').includes('Not on our list'),
      'the unlisted warning',
    )
    await sendKeys({ press: 'Enter' })
    await waitUntil(
      () =>
        quoteLog(api).then((log) =>
          log.some((entry) => entry.query.buyChain === 'BASE' && entry.query.buyToken === pasted),
        ),
      'quoted with the pasted token on Base',
    )
    assert(
      textOf(element, '[name="buy-token"]').includes('0x1111…1111 on Base'),
      'the button shows the address',
    )
  })

  it('has no axe violations with the picker open, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, theme })
      $<HTMLButtonElement>(element, '[name="buy-token"]')!.click()
      await pickerOpen(element)
      await waitUntil(() => optionSymbols(element).length > 3, 'tokens listed')
      const result = await axe.run(element, { rules: { 'target-size': { enabled: true } } })
      const found = result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
      )
      assertEqual(found, [], `axe violations (${theme}, picker open)`)
      element.remove()
    }
  })

  it('marks the chosen chain in forced colours (Windows high contrast) too, where fills and shadows drop', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    $<HTMLButtonElement>(element, '[name="buy-token"]')!.click()
    await pickerOpen(element)
    await waitUntil(() => $(element, '[data-chain="BASE"]'), 'the chains listed')
    await executeServerCommand('forced-colors', { active: true })
    try {
      // What forced colours keep of a button: its outline and border, in the system's colours.
      const look = (chain: string) => {
        const style = getComputedStyle($(element, `[data-chain="${chain}"]`)!)
        return `${style.outlineStyle} ${style.outlineWidth} ${style.borderStyle} ${style.borderWidth}`
      }
      assertEqual($(element, '[data-chain="ETH"]')!.getAttribute('aria-pressed'), 'true')
      assert(look('ETH') !== look('BASE'), `Ethereum, chosen, looks as Base does: ${look('ETH')}`)
    } finally {
      await executeServerCommand('forced-colors', { active: false })
    }
  })

  it('flips the tokens sold and bought, chains included, and quotes the flipped pair', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({
      'api-base': api,
      ...base,
      'buy-chain': 'BASE',
      recipient: '0x2222222222222222222222222222222222222222',
    })
    await waitUntil(() => /USDC on Base/.test(textOf(element, '[name="buy-token"]')), 'USDC on Base shown')
    $<HTMLButtonElement>(element, '[part="flip-button"]')!.click()
    await waitUntil(() => /USDC on Base/.test(textOf(element, '[name="sell-token"]')), 'USDC on Base is sold')
    assert(/ETH on Ethereum/.test(textOf(element, '[name="buy-token"]')), 'ETH on Ethereum is bought')
    assertEqual(
      [element.sellChain, element.sellToken, element.buyChain, element.buyToken],
      ['BASE', 'USDC', 'ETH', 'ETH'],
    )
    await waitUntil(
      () =>
        quoteLog(api).then((log) =>
          log.some((entry) => entry.query.sellChain === 'BASE' && entry.query.buyToken === 'ETH'),
        ),
      'the flipped pair is quoted',
    )
  })

  it("swaps the sides when the other side's token is picked, rather than ask for a pair of one asset", async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    await waitForQuote(element)
    $<HTMLButtonElement>(element, '[name="sell-token"]')!.click()
    await pickerOpen(element)
    const usdc = await waitUntil(
      () => $<HTMLElement>(element, '[role="option"][data-symbol="USDC"]'),
      'USDC is listed',
    )
    usdc.click()
    await waitUntil(() => !dialog(element), 'the picker closes')
    await waitUntil(() => /USDC on Ethereum/.test(textOf(element, '[name="sell-token"]')), 'USDC is sold')
    assert(/ETH on Ethereum/.test(textOf(element, '[name="buy-token"]')), 'ETH is bought instead')
    await waitUntil(
      () =>
        quoteLog(api).then((log) =>
          log.some((entry) => entry.query.buyToken === 'ETH' && entry.query.sellToken !== 'ETH'),
        ),
      'the swapped pair is quoted',
    )
    assert(!$(element, '[part="error"]'), 'no error for a pair of one asset')
  })

  // A phone, and a laptop's 1280 x 900 window at 200% zoom (640 x 450 CSS pixels).
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 640, height: 450 },
  ])
    it(`keeps the chains and the popular tokens to one row each at ${viewport.width} x ${viewport.height}, with the side's chain in view`, async () => {
      await setViewport(viewport)
      try {
        // The chain list arrives only after the picker opened, as on a slow connection.
        const api = await scenarioBase('lists-held')
        const element = await mount({
          'api-base': api,
          ...base,
          'buy-chain': 'AVAX',
          'buy-token': 'AVAX',
          recipient: '0x2222222222222222222222222222222222222222',
        })
        $<HTMLButtonElement>(element, '[name="buy-token"]')!.click()
        await pickerOpen(element)
        await fetch(`${api}/__release`, { method: 'POST' })
        await waitUntil(() => optionSymbols(element).length > 3, 'the chain tokens are listed')
        const [chains, popular] = [
          ...element.shadowRoot!.querySelectorAll<HTMLElement>('.picker [role="group"]'),
        ]
        for (const row of [chains!, popular!]) {
          const buttons = [...row.querySelectorAll('button')]
          assert(buttons.length > 3, row.getAttribute('aria-label') ?? '')
          assertEqual(new Set(buttons.map((button) => button.offsetTop)).size, 1, 'one row')
          assert(row.scrollWidth > row.clientWidth, 'the row scrolls sideways')
        }
        const row = chains!.getBoundingClientRect()
        const avalanche = chains!.querySelector('[data-chain="AVAX"]')!.getBoundingClientRect()
        assert(
          avalanche.left >= row.left - 1 && avalanche.right <= row.right + 1,
          "the side's chain is in view",
        )
      } finally {
        await setViewport({ width: 800, height: 600 })
      }
    })

  it('keeps its Close button whole beside a long title at 320 px, in German', async () => {
    await setViewport({ width: 320, height: 640 })
    try {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, locale: 'de' })
      await waitUntil(() => textOf(element, '[part="sell"] legend') === 'Sie zahlen', 'German', 15_000)
      $<HTMLButtonElement>(element, '[name="sell-token"]')!.click()
      await pickerOpen(element)
      const close = $<HTMLButtonElement>(element, '[part="picker-close"]')!
      await waitUntil(() => textOf(element, '[part="picker-close"]') === 'Schließen', 'the German Close')
      assert(
        close.scrollWidth <= close.clientWidth,
        `"Schließen" fits: ${close.scrollWidth} > ${close.clientWidth}`,
      )
      const title = element.shadowRoot!.getElementById('picker-title')!.getBoundingClientRect()
      assert(title.right <= close.getBoundingClientRect().left, 'the title wraps beside it')
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })

  it('reads the rate the other way round when pressed, by keyboard too', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    await waitForQuote(element)
    assertEqual(textOf(element, '[data-testid="rate"]'), '1 ETH = 2.5 USDC')
    $<HTMLButtonElement>(element, '[part="rate-button"]')!.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => textOf(element, '[data-testid="rate"]') === '1 USDC = 0.4 ETH', 'the inverted rate')
    await sendKeys({ press: 'Space' })
    await waitUntil(() => textOf(element, '[data-testid="rate"]') === '1 ETH = 2.5 USDC', 'back again')
  })
})
