import type { SwapQuote } from '../swap-quote'
import { $, waitUntil } from './harness'

/**
 * Picks a token the way a user does with the mouse: opens the side's picker, presses the chain (when
 * given), optionally types `search`, and clicks the first option that `option` selects (for example
 * `[data-symbol="USDT"]`). Resolves once the picker has closed.
 */
export async function pickToken(
  element: SwapQuote,
  side: 'sell' | 'buy',
  { option, chain, search }: { option: string; chain?: string; search?: string },
): Promise<void> {
  $<HTMLButtonElement>(element, `[name="${side}-token"]`)!.click()
  // The picker's code is a lazy chunk: the test server transforms it on first use, which a loaded
  // machine can take seconds to do, as it can for every other first-use view.
  await waitUntil(() => $<HTMLDialogElement>(element, 'dialog.picker')?.open, 'the picker opens', 30_000)
  if (chain) {
    ;(
      await waitUntil(() => $<HTMLButtonElement>(element, `[data-chain="${chain}"]`), `${chain} offered`)
    ).click()
  }
  if (search !== undefined) {
    const input = $<HTMLInputElement>(element, '[part="picker-search"]')!
    input.value = search
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
  }
  ;(await waitUntil(() => $<HTMLElement>(element, `[role="option"]${option}`), `option ${option}`)).click()
  await waitUntil(() => !$(element, 'dialog.picker'), 'the picker closes')
}
