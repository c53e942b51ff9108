import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { QuoteProblem } from './describeQuoteError'
import { formatCountdown } from './formatCountdown'
import type { Translate } from './translate'

/**
 * A quote failure in plain words. `NO_ROUTE` lists the suggested two-step route through a hub chain
 * when the service sent one; a failure the element retries on its own (`RATE_LIMITED`, a failed
 * refresh, an unreachable service, `NO_ROUTE`) counts down to the retry. "Try again" asks at once,
 * except under a rate limit, which the service said when to ask again after.
 */
export function renderQuoteProblem(
  problem: QuoteProblem,
  retryInSeconds: number | undefined,
  onRetry: () => void,
  t: Translate,
): TemplateResult {
  // The service's own note on the steps is its words, shown as sent, in their own direction.
  return html`
    <div class="problem" part="error" data-code=${problem.code}>
      <p>${t(problem.message)}</p>
      ${
        retryInSeconds !== undefined
          ? // The quote area is a live region: the ticking seconds stay out of the accessibility tree,
            // so a screen reader hears "Trying again" once, not a number every second.
            html`<p data-testid="retry-countdown">
              ${t('Trying again')}<span aria-hidden="true">
                ${t('in {time}', { time: formatCountdown(retryInSeconds, t) })}</span
              >.
            </p>`
          : nothing
      }
      ${
        // The service's words on what it refuses, as sent, in their own direction; and no "Try again",
        // which would only be refused again: nor under a rate limit, whose wait the service set.
        problem.detail !== undefined
          ? html`<p id="problem-detail" class="hint" dir="auto" data-testid="problem-detail">
              ${problem.detail}
            </p>`
          : problem.code === 'RATE_LIMITED'
            ? nothing
            : html`<button type="button" class="secondary" part="retry-button" @click=${onRetry}>
                ${t('Try again')}
              </button>`
      }
      ${
        problem.steps && problem.steps.length > 0
          ? html`<div data-testid="steps">
              <p>${t('It can be done in two steps through another chain:')}</p>
              <ol>
                ${problem.steps.map(
                  (step) =>
                    html`<li>
                      ${t('Swap {sell} on {sellChain} for about {buy} on {buyChain} ({venue})', {
                        sell: `${step.sellAmount} ${step.sellToken.symbol}`,
                        sellChain: step.sellChain,
                        buy: `${step.buyAmount} ${step.buyToken.symbol}`,
                        buyChain: step.buyChain,
                        venue: step.provider,
                      })}
                    </li>`,
                )}
              </ol>
              ${problem.stepsNote ? html`<p class="hint" dir="auto">${problem.stepsNote}</p>` : nothing}
            </div>`
          : nothing
      }
    </div>
  `
}
