import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { findChain } from '../../shared/chains'
import type { AssetRef, Quote } from '../../shared/schemas'
import { acknowledgeToken, isTokenAcknowledged } from './acknowledgedTokens'
import { formatNumber } from './formatNumber'
import type { Translate } from './translate'

// The element asks whether a token was acknowledged once this view has loaded.
export { isTokenAcknowledged }

export type SafetyChecksProps = {
  quote: Quote
  /** The price impact (bps) to warn about, when it is that high. */
  highImpactBps: number | undefined
  /** The price impact (bps) to confirm, when it is that high. */
  impactBps: number | undefined
  impactAccepted: boolean
  onAcceptImpact: (accepted: boolean) => void
  /** A token was acknowledged or withdrawn (kept by `acknowledgeToken`): the element re-renders. */
  onAcknowledge: () => void
  locale: string
  /** The element's words (see `translate.ts`). */
  t: Translate
}

/**
 * What the user must read and accept before Swap or Sign, above the button (a rarely shown view,
 * loaded only when a quote needs it):
 *
 * - for each token outside the service's curated lists: its symbol and contract address with a block
 *   explorer link, a louder line when its symbol looks like a listed one of that chain (the service
 *   says which, `imitates`: it knows its lists, so the line never waits for them to load), and
 *   "I understand the risk" (remembered per token);
 * - for a price impact at or above the warning threshold, a warning; at or above the confirmation
 *   threshold, "I accept receiving about 15% less".
 */
export function renderSafetyChecks(props: SafetyChecksProps): TemplateResult {
  const { quote, t } = props
  const tokens = [quote.sellToken, quote.buyToken].filter((token) => token.verified === false)
  const percent = (bps: number) => formatNumber({ value: bps / 1e4, style: 'percent', locale: props.locale })
  // Styled here, not in the element's sheet: this view loads only when needed, and so do its rules.
  return html`<style>
      .notice {
        display: grid;
        gap: 0.25rem;
        padding: 0.5rem 0.75rem;
        border: 1px solid var(--_error);
        border-radius: calc(var(--_radius) * 0.5);
      }
      .check {
        display: flex;
        gap: 0.5rem;
        align-items: flex-start;
      }
      .check input {
        width: 1.25rem;
        min-height: 1.25rem;
      }
    </style>
    ${
      // A signed order's terms, above the button that signs it (this chunk loads for any quote with an
      // order, so the first load does not carry the words).
      quote.order
        ? html`<p class="hint" data-testid="order-note">
            ${t(
              'Solvers fill this order in a batch, usually within a minute; if it is not filled by {time} it expires and your tokens stay in your wallet.',
              {
                time: new Date(quote.order.validTo * 1000).toLocaleTimeString(props.locale, {
                  timeStyle: 'short',
                }),
              },
            )}
          </p>`
        : nothing
    }
    ${tokens.map((token) => renderTokenWarning(props, token))}
    ${
      props.highImpactBps === undefined
        ? nothing
        : html`<p class="problem" part="price-impact-warning" data-testid="price-impact-warning">
            ${t(
              'High price impact: you receive about {percent} less than this trade is worth at the market price, fees and network costs included.',
              { percent: percent(props.highImpactBps) },
            )}
          </p>`
    }
    ${
      props.impactBps === undefined
        ? nothing
        : html`<label class="check notice" part="price-impact-confirm">
            <input
              type="checkbox"
              data-testid="price-impact-accept"
              .checked=${props.impactAccepted}
              @change=${(event: Event) => props.onAcceptImpact((event.target as HTMLInputElement).checked)}
            />
            ${t('I accept receiving about {percent} less than this trade is worth at the market price', {
              percent: percent(props.impactBps),
            })}
          </label>`
    }`
}

function renderTokenWarning(props: SafetyChecksProps, token: AssetRef): TemplateResult {
  const { t } = props
  const sell = token === props.quote.sellToken
  const chain = findChain(sell ? props.quote.sellChain : props.quote.buyChain)
  const address = token.caip.split(':').pop()!
  const { imitates } = token
  return html`<div part="token-warning" class="notice" data-testid="token-warning">
    <p><strong>${t('{symbol} is not on the token list.', { symbol: token.symbol })}</strong></p>
    <p class=${imitates ? 'problem' : ''} role="alert">
      ${
        imitates
          ? html`<strong data-testid="token-imitation"
                >${t('This is not the {symbol} listed for {chain}:', { symbol: imitates, chain: chain?.name ?? '' })}</strong
              >
              ${t('its symbol only looks the same, at another address. Tokens like this are often fakes.')}`
          : t('Anyone can create a token with any name. Check that this is the one you mean.')
      }
    </p>
    <p>
      ${t('Contract')} <code>${address}</code>
      ${
        chain
          ? html`<a href="${chain.explorerUrl}/address/${address}" target="_blank" rel="noopener noreferrer"
              >${t('See it on the block explorer')}</a
            >`
          : nothing
      }
    </p>
    <label class="check">
      <input
        type="checkbox"
        part="token-acknowledge"
        .checked=${isTokenAcknowledged(token.caip)}
        @change=${(event: Event) => {
          acknowledgeToken(token.caip, (event.target as HTMLInputElement).checked)
          props.onAcknowledge()
        }}
      />
      ${t('I understand the risk and want to trade {symbol}', { symbol: token.symbol })}
    </label>
  </div>`
}
