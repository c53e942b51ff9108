import { mock } from '@wagmi/core'
import type { Eip1193Provider } from '../shared/wallet'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { WalletMenuHost } from './parts/WalletMenu'
import axe from 'axe-core'
import {
  $,
  afterEach,
  assert,
  assertEqual,
  describe,
  it,
  mount,
  quoteLog,
  scenarioBase,
  textOf,
  waitUntil,
} from './test/harness'

/*
 * The wallet menu (the lazy `wallets` chunk with @wagmi/core) with wagmi's own mock connector, which
 * a host can hand in through `walletConnectors` like any other connector. The first Connect of a
 * page loads the chunk, which the test server transforms on demand: the waits for it are long.
 */

const user = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
// On Base: the mock connector starts on Ethereum, so the widget reads no balance through it (its
// reads would go to an RPC URL the test page does not have).
const base = {
  'sell-chain': 'BASE',
  'sell-token': 'ETH',
  'buy-chain': 'BASE',
  'buy-token': 'USDC',
  amount: '1',
}
const CHUNK_MS = 90_000
const TEST_MS = 120_000
const RECENT = 'swap-quote.wallet.recentConnectorId'

type Element = Awaited<ReturnType<typeof mount>>

/** Clicks Connect and waits for the wallet menu; returns the names it lists, in order. */
async function openMenu(element: Element): Promise<string[]> {
  ;(await waitUntil(() => $<HTMLButtonElement>(element, '[part="connect-button"]'), 'connect')).click()
  await waitUntil(() => $(element, '[data-testid="wallet-menu"]'), 'the wallet menu', CHUNK_MS)
  return optionNames(element)
}

function optionNames(element: Element): string[] {
  return [...element.shadowRoot!.querySelectorAll('[part="wallet-option"]')].map(
    (option) => option.textContent?.trim() ?? '',
  )
}

function option(element: Element, name: string): HTMLButtonElement {
  const found = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="wallet-option"]')].find(
    (button) => button.textContent?.trim() === name,
  )
  assert(found, `${name} is offered`)
  return found
}

// Room for every request of this file's tests: past the default 250 entries the browser records no more,
// and a chunk requested late in the file would never show.
performance.setResourceTimingBufferSize(100_000)

/** The scripts the page has requested whose URL matches `pattern`. */
const requested = (pattern: RegExp) =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => pattern.test(name))

describe('<swap-quote> wallet menu', () => {
  afterEach(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('swap-quote.wallet')) localStorage.removeItem(key)
  })

  it(
    'lists the browser wallets first, then Coinbase Wallet, and WalletConnect only with a project id',
    async () => {
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: {
              info: {
                uuid: 'uuid-alpha',
                name: 'Alpha',
                icon: 'data:image/svg+xml,<svg/>',
                rdns: 'test.alpha',
              },
              provider: { request: async () => [] },
            },
          }),
        )
      window.addEventListener('eip6963:requestProvider', announce)
      try {
        const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
        assertEqual(
          await openMenu(element),
          ['Alpha', 'Coinbase Wallet'],
          'no WalletConnect without a project id',
        )
        assertEqual(
          element.shadowRoot!.activeElement?.textContent?.trim(),
          'Alpha',
          'the first option has focus, for the keyboard',
        )
        element.setAttribute('walletconnect-project-id', 'test-project')
        await element.updateComplete
        assertEqual(optionNames(element), ['Alpha', 'WalletConnect', 'Coinbase Wallet'])
        const { violations } = await axe.run(element)
        assertEqual(
          violations.map((violation) => violation.id),
          [],
          'no axe violations with the menu open',
        )
        $<HTMLElement>(element, '[data-testid="wallet-menu"]')!.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
        )
        await element.updateComplete
        assertEqual($(element, '[data-testid="wallet-menu"]'), null, 'Escape closes the menu')
        await openMenu(element)
        $<HTMLButtonElement>(element, '[part="wallet-menu-cancel"]')!.click()
        await element.updateComplete
        assertEqual($(element, '[data-testid="wallet-menu"]'), null, 'Cancel closes the menu')
      } finally {
        window.removeEventListener('eip6963:requestProvider', announce)
      }
    },
    TEST_MS,
  )

  it(
    'lets go of the page while removed, and lists the browser wallets again when put back',
    async () => {
      const alpha = {
        info: { uuid: 'uuid-beta', name: 'Beta', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.beta' },
        provider: { request: async () => [] },
      }
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: alpha }))
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      assertEqual(await openMenu(element), ['Coinbase Wallet'], 'no browser wallet yet')
      element.remove()
      await element.updateComplete
      // A wallet announcing itself now reaches nothing of the removed element.
      announce()
      assertEqual(element.isUpdatePending, false, 'the removed element is not asked to update')
      window.addEventListener('eip6963:requestProvider', announce)
      try {
        document.body.append(element)
        await waitUntil(() => optionNames(element).includes('Beta'), 'Beta listed once back in the page')
        assertEqual(optionNames(element), ['Beta', 'Coinbase Wallet'])
      } finally {
        window.removeEventListener('eip6963:requestProvider', announce)
      }
    },
    TEST_MS,
  )

  it(
    'connects through a wagmi connector, quotes for its account, and disconnects',
    async () => {
      const api = await scenarioBase('ok')
      const element = await mount({ 'api-base': api, ...base })
      element.walletConnectors = [mock({ accounts: [user] })]
      assert((await openMenu(element)).includes('Mock Connector'), 'the host’s connector is offered')
      // As a keyboard user chooses it: focus on the option, then Enter (a click).
      const chosen = option(element, 'Mock Connector')
      chosen.focus()
      chosen.click()
      await waitUntil(() => textOf(element, '[data-testid="account"]').includes('0x7099'), 'account shown')
      assertEqual($(element, '[data-testid="wallet-menu"]'), null, 'the menu closes once connected')
      const focusedPart = () => element.shadowRoot!.activeElement?.getAttribute('part')
      await waitUntil(() => focusedPart() === 'disconnect-button', 'focus on Disconnect, not the page')
      await waitUntil(
        () => quoteLog(api).then((log) => log.some((entry) => entry.query.address?.toLowerCase() === user)),
        'a firm quote for the connected account',
      )
      assertEqual(localStorage.getItem(RECENT), '"mock"', 'the connection is kept for the next visit')
      $<HTMLButtonElement>(element, '[part="disconnect-button"]')!.click()
      await waitUntil(() => $(element, '[part="connect-button"]'), 'connect offered again')
      await waitUntil(() => focusedPart() === 'connect-button', 'focus on Connect, not the page')
      assertEqual(textOf(element, '[data-testid="account"]'), '', 'no account shown')
      await waitUntil(() => localStorage.getItem(RECENT) === null, 'the stored connection is forgotten')
    },
    TEST_MS,
  )

  it(
    'says so when the user declines the connection in the wallet',
    async () => {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      element.walletConnectors = [mock({ accounts: [user], features: { connectError: true } })]
      const errors: string[] = []
      element.addEventListener('swap-quote:error', (event) => errors.push(`${event.source}:${event.code}`))
      await openMenu(element)
      option(element, 'Mock Connector').click()
      const message = await waitUntil(() => textOf(element, '[data-testid="wallet-message"]'), 'message')
      assert(message.includes('declined'), message)
      assertEqual(errors, ['wallet:rejected'])
      assertEqual(textOf(element, '[data-testid="account"]'), '', 'not connected')
    },
    TEST_MS,
  )

  it(
    'restores the stored connection on the next visit without a click',
    async () => {
      localStorage.setItem(RECENT, '"mock"')
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      element.walletConnectors = [
        mock({ accounts: [user], features: { reconnect: true, defaultConnected: true } }),
      ]
      await waitUntil(
        () => textOf(element, '[data-testid="account"]').includes('0x7099'),
        'the account is back',
        CHUNK_MS,
      )
      assertEqual($(element, '[data-testid="wallet-menu"]'), null, 'no menu was opened')
    },
    TEST_MS,
  )

  it(
    'requests WalletConnect’s code only when the user picks WalletConnect',
    async () => {
      const walletConnect = /createWalletConnectProvider|@walletconnect/
      const coinbase = /createCoinbaseWalletProvider|@coinbase/
      const element = await mount({
        'api-base': await scenarioBase('ok'),
        ...base,
        'walletconnect-project-id': 'test-project',
      })
      element.walletConnectors = [mock({ accounts: [user] })]
      await openMenu(element)
      option(element, 'Mock Connector').click()
      await waitUntil(() => textOf(element, '[data-testid="account"]'), 'connected through another wallet')
      assertEqual(requested(walletConnect), [], 'nothing of WalletConnect loaded before it is chosen')
      $<HTMLButtonElement>(element, '[part="disconnect-button"]')!.click()
      await openMenu(element)
      option(element, 'WalletConnect').click()
      await waitUntil(() => requested(walletConnect).length > 0, 'WalletConnect’s code requested', CHUNK_MS)
      assertEqual(requested(coinbase), [], 'Coinbase Wallet’s code is still not loaded')
    },
    TEST_MS,
  )

  it(
    "keeps the host's wallet when the host hands it in while a stored wallet is on its way",
    async () => {
      // The window is inside the menu: after wagmi restored the stored connection, while the menu
      // waits for that wallet's provider. A returning visitor's page can hand in its own wallet then.
      const { WalletMenu } = await import('./parts/WalletMenu')
      const hostWallet = createFakeProvider({ accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'] })
      const controller: WalletMenuHost = {
        host: {
          addController() {},
          removeController() {},
          requestUpdate() {},
          updateComplete: Promise.resolve(true),
        },
        provider: undefined,
        account: undefined,
        chainId: undefined,
        message: undefined,
        requestUpdate() {},
        fail() {},
      }
      let handedIn: Eip1193Provider | undefined
      const menu = new WalletMenu(controller, () => ({
        walletConnectProjectId: undefined,
        connectors: [],
        hostProvider: handedIn,
        t: (english) => english,
      }))
      let deliver!: () => void
      const onItsWay = new Promise<void>((resolve) => (deliver = resolve))
      const stored = {
        getProvider: async () => {
          await onItsWay
          return createFakeProvider({ accounts: [user] })
        },
      }
      const follow = (menu as unknown as { follow(...args: unknown[]): Promise<void> }).follow.bind(menu)
      const following = follow(stored, user, 1)
      handedIn = controller.provider = hostWallet
      deliver()
      await following
      menu.stop()
      assert(controller.provider === hostWallet, "the host's wallet is the one in use")
      assertEqual(controller.account, undefined, "the stored wallet's account is not shown")
    },
    TEST_MS,
  )
})
