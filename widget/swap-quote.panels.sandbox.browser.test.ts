import type { Quote } from '../shared/schemas'
import type { SwapQuoteQuoteEvent } from './events'
import {
  $,
  assert,
  assertEqual,
  describe,
  it,
  mount,
  openRouteDetail,
  textOf,
  waitUntil,
} from './test/harness'

/*
 * The route details against the real sandbox world: the venues the API raced (simulated 0x, LI.FI and
 * CoW on anvil) are the ones listed, with the served one chosen.
 */

describe('<swap-quote> route details on the sandbox', () => {
  it('lists the alternatives of the real race behind the quote, the served venue chosen', async () => {
    const { url } = (await (await fetch('/__sandbox.json')).json()) as { url: string }
    const quotes: Quote[] = []
    const element = await mount({
      'api-base': url,
      'sell-chain': 'ETH',
      'sell-token': 'USDC',
      'buy-chain': 'ETH',
      'buy-token': 'WETH',
      amount: '100',
    })
    element.addEventListener('swap-quote:quote', (event: SwapQuoteQuoteEvent) => quotes.push(event.quote))
    const quote = await waitUntil(() => quotes.at(-1), 'a quote from the sandbox API', 120_000)
    const raced = quote.alternatives ?? []
    assert(raced.length >= 2, `the API raced several venues: ${JSON.stringify(raced)}`)
    await openRouteDetail(element)
    // A refresh may bring a newer quote meanwhile: compare with the one on screen.
    await waitUntil(() => $(element, '[data-testid="alternative"]'), 'the alternatives', 15_000)
    const shown = quotes.at(-1)!
    const listed = [...element.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="alternative"]')].map(
      (entry) => [entry.dataset.provider, entry.dataset.status],
    )
    assertEqual(
      listed,
      shown.alternatives!.map((entry) => [entry.provider, entry.status]),
      'the race as the API answered it',
    )
    assertEqual(listed[0], [shown.provider, 'quoted'], 'the served venue first, chosen')
    assertEqual(textOf(element, '[data-testid="detail-venue"]'), textOf(element, '[data-testid="provider"]'))
    // In the token the venue takes it in: 0x and CoW from the output (WETH), the others from the USDC sold.
    const feeToken = ['0x', 'cow'].includes(shown.provider) ? 'WETH' : 'USDC'
    assert(
      textOf(element, '[data-testid="service-fee"]').includes(feeToken),
      `the service fee in ${feeToken}: ${textOf(element, '[data-testid="service-fee"]')}`,
    )
  }, 240_000)
})

describe('<swap-quote> route details of a lone venue on the sandbox', () => {
  it('does not say the served venue won a race no other venue priced', async () => {
    const { url } = (await (await fetch('/__sandbox.json')).json()) as { url: string }
    const quotes: Quote[] = []
    // Only RHD's own router trades on RHD.
    const element = await mount({
      'api-base': url,
      'sell-chain': 'RHD',
      'sell-token': 'ETH',
      'buy-chain': 'RHD',
      'buy-token': 'USDG',
      amount: '1',
    })
    element.addEventListener('swap-quote:quote', (event: SwapQuoteQuoteEvent) => quotes.push(event.quote))
    await waitUntil(() => quotes.at(-1), 'a quote from the sandbox API', 120_000)
    await openRouteDetail(element)
    await waitUntil(() => $(element, '[data-testid="alternative"]'), 'the alternatives', 15_000)
    const shown = quotes.at(-1)!
    assert(
      !shown.alternatives!.some((entry) => entry.status === 'outranked'),
      `no other venue priced it: ${JSON.stringify(shown.alternatives)}`,
    )
    const served = $<HTMLElement>(element, '[data-testid="alternative"][data-status="quoted"]')!
    const text = served.textContent!.replace(/\s+/g, ' ').trim()
    assert(text.includes('Chosen') && !text.includes('Won'), `no race won: ${text}`)
    assertEqual(served.querySelector('[data-testid="alternative-reason"]')!.textContent!.trim(), '')
  }, 240_000)
})
