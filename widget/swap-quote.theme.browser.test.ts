import axe from 'axe-core'
import { emulateMedia } from '@web/test-runner-commands'
import { darkScheme } from './parts/followHostBackground'
import type { SwapQuote } from './swap-quote'
import {
  afterEach,
  assertEqual,
  describe,
  it,
  mount,
  scenarioBase,
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

async function contrastViolations(element: SwapQuote): Promise<string[]> {
  const result = await axe.run(element, { runOnly: ['color-contrast'] })
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target}: ${node.failureSummary}`),
  )
}

/** The palettes' text colours: the light palette's dark text, the dark palette's light text. */
const DARK_TEXT = 'rgb(21, 23, 28)'
const LIGHT_TEXT = 'rgb(238, 240, 244)'

/** Mounts the element with `attributes` on a light host background and waits for its first quote. */
async function mountOnLight(attributes: Record<string, string>) {
  const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, ...attributes })
  await waitForQuote(element)
  const text = () => getComputedStyle(element).color
  assertEqual(text(), DARK_TEXT, 'dark text on the light background')
  return { element, text }
}

describe('<swap-quote> on a host-set background', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }))

  for (const scheme of ['light', 'dark'] as const) {
    for (const background of ['#fff', '#101216']) {
      it(`keeps its text readable on a host background of ${background} for a user in ${scheme} mode`, async () => {
        await emulateMedia({ colorScheme: scheme })
        const element = await mount({
          'api-base': await scenarioBase('ok'),
          ...base,
          style: `--swap-quote-background: ${background}`,
        })
        await waitForQuote(element)
        assertEqual(
          await contrastViolations(element),
          [],
          `contrast, ${scheme} mode, background ${background}`,
        )
      })
    }
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`outlines its fields at 3:1 or more against the panel and the field itself, ${theme} theme (WCAG 1.4.11)`, async () => {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, theme })
      const amount = element.shadowRoot!.querySelector<HTMLElement>('[part="amount"]')!
      const panel = amount.closest('fieldset')!
      const border = getComputedStyle(amount).borderTopColor
      for (const [name, color] of [
        ['the panel', getComputedStyle(panel).backgroundColor],
        ['the field', getComputedStyle(amount).backgroundColor],
      ] as const) {
        const ratio = contrastRatio(border, color)
        assertEqual(ratio >= 3, true, `border ${border} on ${name} ${color}: ${ratio.toFixed(2)}:1`)
      }
    })
  }

  for (const [theme, scheme, expected] of [
    ['light', 'dark', 'light'],
    ['dark', 'light', 'dark'],
    ['auto', 'dark', 'light dark'],
    ['auto', 'light', 'light dark'],
  ] as const) {
    it(`reads its placeholder at 4.5:1 or more, ${theme} theme for a user in ${scheme} mode`, async () => {
      await emulateMedia({ colorScheme: scheme })
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, amount: '', theme })
      const amount = element.shadowRoot!.querySelector<HTMLElement>('[part="amount"]')!
      // The browser draws scrollbars and the select's list in this scheme, not in the page's.
      assertEqual(getComputedStyle(element).colorScheme, expected, 'color-scheme')
      const placeholder = getComputedStyle(amount, '::placeholder').color
      const field = getComputedStyle(amount).backgroundColor
      const ratio = contrastRatio(placeholder, field)
      assertEqual(ratio >= 4.5, true, `placeholder ${placeholder} on ${field}: ${ratio.toFixed(2)}:1`)
    })
  }

  it('follows a host whose background turns dark after it has rendered, and back', async () => {
    const { element, text } = await mountOnLight({ style: '--swap-quote-background: #ffffff' })
    element.style.setProperty('--swap-quote-background', '#101216')
    await waitUntil(() => text() === LIGHT_TEXT, 'light text on the dark background')
    assertEqual(await contrastViolations(element), [], 'readable on the dark background')
    element.style.setProperty('--swap-quote-background', '#fafafa')
    await waitUntil(() => text() === DARK_TEXT, 'dark text again')

    // The common dark switch: a class on the page's root, and the page's own style sheet.
    const sheet = document.createElement('style')
    sheet.textContent = '.dark swap-quote { --swap-quote-background: #101216 !important }'
    document.head.append(sheet)
    try {
      document.documentElement.classList.add('dark')
      await waitUntil(() => text() === LIGHT_TEXT, 'light text after the page turned dark')
      document.documentElement.classList.remove('dark')
      await waitUntil(() => text() === DARK_TEXT, 'dark text after it turned light')
    } finally {
      document.documentElement.classList.remove('dark')
      sheet.remove()
    }
  })

  it('checks its background again when it comes back into the page, as after a route change', async () => {
    const { element, text } = await mountOnLight({ style: '--swap-quote-background: #ffffff' })
    const parent = element.parentElement!
    element.remove()
    // While it is out of the page, the page turns dark.
    element.style.setProperty('--swap-quote-background', '#101216')
    parent.append(element)
    await waitUntil(() => text() === LIGHT_TEXT, 'light text on the dark background')
  })

  it('follows a page whose own styles set a dark background when the user’s system turns dark', async () => {
    const sheet = document.createElement('style')
    sheet.textContent = `swap-quote.themed { --swap-quote-background: #ffffff }
      @media (prefers-color-scheme: dark) { swap-quote.themed { --swap-quote-background: #101216 } }`
    document.head.append(sheet)
    try {
      const { text } = await mountOnLight({ class: 'themed' })
      // The browser tells a change of scheme when it next renders the page, which a page in a background
      // tab (as in a run of several test files) does not: the test tells it as the browser would.
      const schemeChanged = () =>
        darkScheme!.dispatchEvent(new MediaQueryListEvent('change', { media: darkScheme!.media }))
      await emulateMedia({ colorScheme: 'dark' })
      schemeChanged()
      await waitUntil(() => text() === LIGHT_TEXT, 'light text once the system and the page are dark')
      await emulateMedia({ colorScheme: 'light' })
      schemeChanged()
      await waitUntil(() => text() === DARK_TEXT, 'dark text again')
    } finally {
      sheet.remove()
    }
  })

  it('leaves the palette to the host when it sets the text colour too', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    const element = await mount({
      'api-base': await scenarioBase('ok'),
      ...base,
      style: '--swap-quote-background: #fff; --swap-quote-text: rgb(1, 2, 3)',
    })
    assertEqual(getComputedStyle(element).color, 'rgb(1, 2, 3)', 'the host’s own text colour')
  })
})

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .map(Number)
      .map((channel) => {
        const c = channel / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return (light! + 0.05) / (dark! + 0.05)
}
