import axe from 'axe-core'
import { emulateMedia } from '@web/test-runner-commands'
import type { SwapQuote } from './swap-quote'
import { afterEach, assertEqual, describe, it, mount, scenarioBase, waitForQuote } from './test/harness'

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
