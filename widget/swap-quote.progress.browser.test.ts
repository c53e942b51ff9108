import { setViewport } from '@web/test-runner-commands'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import { $, assert, describe, it, mount, quoteLog, scenarioBase, textOf, waitUntil } from './test/harness'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

describe('<swap-quote> progress wording', () => {
  it('never says nothing was sent when the wallet refuses the swap after an approval went out', async () => {
    const api = await scenarioBase('ok')
    const wallet = createFakeProvider({ accounts: [user] })
    let sends = 0
    // The wallet's simulation refuses the second transaction, the swap, as about to revert.
    const provider = {
      ...wallet,
      request: (args: { method: string; params?: unknown }) => {
        if (args.method === 'eth_sendTransaction' && sends++ === 1) {
          return Promise.reject(Object.assign(new Error('execution reverted'), { code: 3 }))
        }
        return wallet.request(args as Parameters<typeof wallet.request>[0])
      },
    }
    const element = await mount({
      'api-base': api,
      'sell-chain': 'ETH',
      'sell-token': 'USDC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '1',
    })
    element.provider = provider
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
      'quoted for the account',
      15_000,
    )
    const action = await waitUntil(
      () => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'),
      'swap button',
    )
    action.click()
    const message = await waitUntil(
      () => textOf(element, '[data-testid="execution-message"]'),
      'the failure',
      30_000,
    )
    assert($(element, '[data-step="approve:confirmed"]'), 'the approval was sent and confirmed')
    assert(!/nothing was sent/i.test(message), message)
    assert(message.includes('the swap was not sent'), message)
  }, 60_000)
})

describe('<swap-quote> outcome on a phone', () => {
  it('brings the outcome and "New quote" into view when the swap ends', async () => {
    await setViewport({ width: 390, height: 420 })
    // The host page's own content above the widget, as on a real page.
    const header = document.body.insertBefore(document.createElement('div'), document.body.firstChild)
    header.style.height = '300px'
    try {
      const api = await scenarioBase('ok')
      const provider = createFakeProvider({ accounts: [user] })
      const element = await mount({
        'api-base': api,
        'sell-chain': 'ETH',
        'sell-token': 'ETH',
        'buy-chain': 'ETH',
        'buy-token': 'USDC',
        amount: '1',
      })
      element.provider = provider
      const action = await waitUntil(
        () => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'),
        'swap button',
        15_000,
      )
      action.scrollIntoView()
      action.click()
      const again = await waitUntil(
        () => $<HTMLButtonElement>(element, '[part="progress"] ~ button'),
        '"New quote" once the swap has ended',
        30_000,
      )
      await waitUntil(() => {
        const { top, bottom } = again.getBoundingClientRect()
        return top >= 0 && bottom <= innerHeight
      }, '"New quote" within the screen')
    } finally {
      header.remove()
      await setViewport({ width: 800, height: 600 })
    }
  }, 60_000)
})

describe('<swap-quote> on a phone', () => {
  it('shows the swap button on the first screen, with a quote, its balance and the wallet shown', async () => {
    // A small phone (360 x 740 CSS pixels, as many Android phones), with the widget at the top of the page.
    await setViewport({ width: 360, height: 740 })
    try {
      const api = await scenarioBase('ok')
      const element = await mount({
        'api-base': api,
        'sell-chain': 'ETH',
        'sell-token': 'ETH',
        'buy-chain': 'ETH',
        'buy-token': 'USDC',
        amount: '1',
      })
      element.provider = createFakeProvider({ accounts: [user] })
      const action = await waitUntil(
        () => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'),
        'swap button',
        15_000,
      )
      await waitUntil(() => $(element, '[data-testid="balance"]'), 'the balance')
      assert($(element, '[data-testid="account"]'), 'the connected account')
      assert($(element, '[data-testid="quote"] dl'), 'the quote')
      const { bottom } = action.getBoundingClientRect()
      assert(scrollY === 0 && bottom <= innerHeight, `the swap button ends at ${bottom} px of ${innerHeight}`)
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  }, 30_000)
})
