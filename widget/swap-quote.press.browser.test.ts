import { executeServerCommand } from '@web/test-runner-commands'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import {
  $,
  advanceClock,
  assert,
  describe,
  it,
  mount,
  quoteLog,
  scenarioBase,
  textOf,
  waitUntil,
} from './test/harness'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

// Alone in its file: the page's first Swap loads the execution chunk, which this test holds.
describe('<swap-quote> Swap press', () => {
  it('swaps the quote pressed when a refresh answers while the swap code loads', async () => {
    const api = await scenarioBase('refresh-held')
    const provider = createFakeProvider({ accounts: [user] })
    const element = await mount(
      {
        'api-base': api,
        'sell-chain': 'ETH',
        'sell-token': 'ETH',
        'buy-chain': 'ETH',
        'buy-token': 'USDC',
        amount: '1',
      },
      // The wallet from the start: the first quote asked is the account's, and only later ones wait.
      (_, element) => (element.provider = provider),
    )
    const action = await waitUntil(
      () => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'),
      'the Swap button for the account',
      15_000,
    )
    assert(/^Swap$/.test(action.textContent!.trim()), `the button says ${action.textContent}`)
    const pressed = textOf(element, '[data-testid="buy-amount"]')

    // The refresh shortly before the quote expires leaves, and its answer waits at the API.
    await advanceClock(element, 56_000)
    await waitUntil(async () => (await quoteLog(api)).length === 2, 'the refresh asked')
    // Time back where it was: the quote pressed is still fresh when it is sent.
    await advanceClock(element, -56_000)

    assert(await executeServerCommand('hold-requests', { path: '/parts/ExecutionController.ts' }), 'held')
    action.click()
    await waitUntil(() => /Swapping/.test(textOf(element, '[part="action-button"]')), 'Swapping…')
    // The refresh answers while the swap's code is still loading.
    await fetch(`${api}/__release`, { method: 'POST' })
    await waitUntil(
      () =>
        performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/quote?')).length ===
        2,
      'the refresh answered',
    )
    // One turn of the task queue for the element to take the answer in.
    await new Promise((resolve) => setTimeout(resolve))
    const held = await executeServerCommand<number, undefined>('release-requests')
    assert(held === 1, `the execution chunk was held (${held} requests)`)

    // The press goes through on the quote pressed: its transaction is sent, and nothing replaced it.
    await waitUntil(
      () => provider.calls.some((call) => call.method === 'eth_sendTransaction'),
      'the swap sent to the wallet',
      15_000,
    )
    assert(
      textOf(element, '[data-testid="buy-amount"]') === pressed,
      `the quote shown is still the one pressed (${pressed}): ${textOf(element, '[data-testid="buy-amount"]')}`,
    )
  }, 30_000)
})
