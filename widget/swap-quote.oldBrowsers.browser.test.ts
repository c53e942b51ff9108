// First: the element's styles must load as a browser without light-dark() has them.
import './test/withoutLightDark'
import { emulateMedia } from '@web/test-runner-commands'
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

/** The colours a user sees: the panel, its text, and the action button. */
function colours(element: SwapQuote) {
  const host = getComputedStyle(element)
  const action = getComputedStyle(element.shadowRoot!.querySelector('[part="action-button"]')!)
  return {
    background: host.backgroundColor,
    text: host.color,
    border: host.borderTopColor,
    button: action.backgroundColor,
    buttonText: action.color,
  }
}

const light = {
  background: 'rgb(255, 255, 255)',
  text: 'rgb(21, 23, 28)',
  border: 'rgb(135, 141, 153)',
  button: 'rgb(31, 79, 209)',
  buttonText: 'rgb(255, 255, 255)',
}
const dark = {
  background: 'rgb(20, 22, 27)',
  text: 'rgb(238, 240, 244)',
  border: 'rgb(110, 117, 133)',
  button: 'rgb(143, 176, 255)',
  buttonText: 'rgb(11, 16, 32)',
}

async function mounted(attributes: Record<string, string> = {}): Promise<SwapQuote> {
  const element = await mount({ 'api-base': await scenarioBase('ok'), ...base, ...attributes })
  await waitForQuote(element)
  // The plain palette is a chunk of its own, which such a browser loads as the element connects.
  await waitUntil(() => element.shadowRoot!.adoptedStyleSheets.length === 2, 'the plain palette')
  return element
}

describe('<swap-quote> in a browser without CSS light-dark()', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }))

  it('shows the light palette', async () => {
    assertEqual(colours(await mounted()), light)
  })

  it('shows the dark palette with theme="dark"', async () => {
    assertEqual(colours(await mounted({ theme: 'dark' })), dark)
  })

  it('stays light for a user in dark mode unless the host asks for the dark theme', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    assertEqual(colours(await mounted()), light, 'auto')
    assertEqual(colours(await mounted({ theme: 'dark' })), dark, 'theme="dark"')
  })

  it("keeps the host's own colours", async () => {
    const element = await mounted({ style: '--swap-quote-accent: #aa0000; --swap-quote-background: #fafaf0' })
    const { background, button } = colours(element)
    assertEqual([background, button], ['rgb(250, 250, 240)', 'rgb(170, 0, 0)'])
  })

  it('would show no colours without that palette (what the tests above rely on)', async () => {
    const element = await mounted()
    // The element's styles, and the plain palette loaded beside them for this browser.
    const root = element.shadowRoot!
    const sheets = root.adoptedStyleSheets
    assertEqual(sheets.length, 2, 'the palette loaded')
    root.adoptedStyleSheets = sheets.slice(0, 1)
    try {
      const { background, button } = colours(element)
      assertEqual([background, button], ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'], 'no palette')
    } finally {
      root.adoptedStyleSheets = sheets
    }
  })
})
