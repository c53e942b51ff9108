import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { Quote } from '../../shared/schemas'
import { formatNumber } from './formatNumber'
import { renderRate } from './renderRate'
import type { Translate } from './translate'
import { venueName } from './venueName'

export type QuoteSummaryProps = {
  quote: Quote
  /** A preview quote (no wallet yet): shown, never executed. */
  indicative: boolean
  /** The page's locale, for numbers and times. */
  locale: string
  /** See `readPriceImpactBps`; `undefined` says nothing about it. */
  impactBps: number | undefined
  /** At or above this many basis points the impact is flagged as high (and warned about above Swap). */
  warnBps: number
  /** What the route details show once their chunk is here (`renderRouteDetail`). */
  detail: unknown
  /** The route details were opened or closed: their chunk loads on the first time. */
  onDetailToggle: () => void
  /** The rate is shown the other way round, "1 buy token = x sell token". */
  inverted: boolean
  /** The rate was pressed: show it the other way round. */
  onInvert: () => void
  /** The maximum slippage asked for, percent (the user's own from Settings, else the site's); none: each venue's. */
  slippage: string | undefined
  t: Translate
}

/**
 * The quote in plain terms: what arrives (with its dollar value), the guaranteed floor, the rate, the
 * price impact, and the venue as the summary line of the route details (every fee, the alternatives:
 * `renderRouteDetail`, loaded when first opened). `buyAmount` is an estimate; `minBuyAmount` is what
 * the chain enforces, so it is rounded down, never up. Each amount sits with its symbol in a `<bdi>`,
 * so a right-to-left layout shows "5 USDC", not "USDC 5", as the translated sentences and the rate do.
 */
export function renderQuoteSummary(props: QuoteSummaryProps): TemplateResult {
  const { quote, locale, impactBps, t } = props
  const sell = quote.sellToken.symbol
  const buy = quote.buyToken.symbol
  const amount = (value: string | number) => formatNumber({ value, locale })
  const percent = (bps: number) => formatNumber({ value: bps / 1e4, style: 'percent', locale })
  // A row marked for attention says so in words too, not in its colour alone (WCAG 1.4.1; forced colours
  // drop the colour): "⚠", which a screen reader reads as "warning", before its term.
  const row = (term: string, id: string, value: unknown, cls = '') =>
    html`<div class=${cls}>
      <dt>${cls && '⚠ '}${term}</dt>
      <dd data-testid=${id}>${value}</dd>
    </div>`
  const high = impactBps !== undefined && impactBps >= props.warnBps
  const seconds = quote.estimatedSeconds
  return html`
    <dl class="summary">
      <div>
        <dt>${t('You receive (estimate)')}</dt>
        <dd class="big">
          <bdi data-testid="buy-amount">${amount(quote.buyAmount)} ${buy}</bdi>
          ${
            // A no-break space after "≈": the sign never ends a line with its amount on the next.
            quote.buyValueUsd
              ? html`<bdi class="hint" dir="ltr" data-testid="buy-value"
                  >≈ ${formatNumber({ value: quote.buyValueUsd, style: 'usd', locale })}</bdi
                >`
              : nothing
          }
        </dd>
      </div>
      ${
        quote.minBuyAmount
          ? row(
              t('At least'),
              'min-buy-amount',
              html`<bdi>${formatNumber({ value: quote.minBuyAmount, style: 'floor', locale })} ${buy}</bdi>`,
            )
          : nothing
      }
      ${
        // A slippage of the user's own is kept for the site, so it is shown beside the floor it sets, as
        // Uniswap shows a custom "Max slippage", and marked from 5% (the settings panel's "high"). Unset,
        // each venue applies its own (0.5% to 3%): "Auto" with the one this quote's floor gives, as
        // Uniswap says "Auto" beside its figure. Display only: a ratio of the two amounts.
        props.slippage || quote.minBuyAmount
          ? row(
              t('Maximum slippage'),
              'slippage',
              props.slippage
                ? percent(+props.slippage * 100)
                : `${t('Auto')} · ${percent(Math.round((1 - +quote.minBuyAmount! / +quote.buyAmount) * 1e4))}`,
              +(props.slippage ?? 0) >= 5 ? 'warn' : '',
            )
          : nothing
      }
      ${row(
        t('Rate'),
        'rate',
        html`<button type="button" class="secondary link" part="rate-button" @click=${props.onInvert}>
          ${
            // Pressed, the rate reads the other way round; a zero rate has no inverse.
            props.inverted && quote.rate > 0
              ? renderRate({ sell: buy, buy: sell, rate: amount(1 / quote.rate) })
              : renderRate({ sell, buy, rate: amount(quote.rate) })
          }
        </button>`,
      )}
      ${
        impactBps === undefined
          ? nothing
          : row(
              t('Price impact'),
              'price-impact',
              impactBps > 0
                ? t('{percent} below the market price', { percent: percent(impactBps) })
                : impactBps < 0
                  ? t('{percent} above the market price', { percent: percent(-impactBps) })
                  : t('None'),
              high ? 'warn' : '',
            )
      }
      ${
        // The gas the user pays beside what arrives, in the buy token (0x, LI.FI): where the choice is made,
        // as Uniswap's "Network cost", and marked when it takes a tenth or more of what arrives.
        quote.networkCost
          ? row(
              t('Network fee'),
              'network-cost',
              html`<bdi>${amount(quote.networkCost)} ${buy}</bdi>`,
              +quote.networkCost * 10 >= +quote.buyAmount ? 'warn' : '',
            )
          : nothing
      }
      ${
        // How long a cross-chain route takes to deliver, where the choice is made (as LI.FI's route
        // card and Uniswap's bridge summary show it), not only in the details.
        // Also on one chain: a THORChain route there takes minutes, where a user would expect a swap's seconds.
        seconds !== undefined
          ? row(
              t('Expected time'),
              'expected-time',
              seconds < 60
                ? t('about {seconds} s', { seconds })
                : t('about {minutes} min', { minutes: Math.ceil(seconds / 60) }),
            )
          : nothing
      }
    </dl>
    <details part="route-detail" @toggle=${props.onDetailToggle}>
      <summary part="route-summary">
        ${t('Route')}
        <strong data-testid="provider" data-provider=${quote.provider}>${venueName(quote.provider)}</strong>:
        ${t('fees and details')}
      </summary>
      ${props.detail}
    </details>
    ${
      props.indicative
        ? html`<p class="hint" data-testid="indicative">
            ${t('Indicative price. Connect a wallet for a quote you can execute.')}
          </p>`
        : nothing
    }
  `
}
