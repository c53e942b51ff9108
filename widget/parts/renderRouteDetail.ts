import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { Alternative, Quote } from '../../shared/schemas'
import { formatNumber } from './formatNumber'
import { getRouteDetailCosts, type RouteCost } from './routeDetailCosts'
import type { Translate } from './translate'
import { venueName } from './venueName'

export type RouteDetailProps = {
  quote: Quote
  /** The page's locale, for numbers. */
  locale: string
  /** The wallet's estimate of the network fee in words, when the quote states no network cost. */
  networkFee: string | undefined
  t: Translate
}

/** How each venue of the race ended, in a word or two. */
const outcomes = (t: Translate): Record<Alternative['status'], string> => ({
  quoted: t('Chosen'),
  outranked: t('Less after costs'),
  noRoute: t('No route'),
  failed: t('Failed'),
  timedOut: t('Too slow'),
})

/**
 * The inside of the quote's "Route details" disclosure (its chunk loads when first opened): the venue,
 * every fee in its token and in dollars where the quote gives a price (service, partner, network), the
 * guaranteed minimum, the expected time of a cross-chain route, and the venues the race compared
 * (`include=alternatives`) with why the chosen one won: the most left after fees and gas.
 */
export function renderRouteDetail({ quote, locale, networkFee, t }: RouteDetailProps): TemplateResult {
  const costs = getRouteDetailCosts(quote)
  const amount = (value: string, style: 'amount' | 'floor' = 'amount') =>
    formatNumber({ value, style, locale })
  const percent = (bps: number) => formatNumber({ value: bps / 1e4, style: 'percent', locale })
  const cost = (fee: RouteCost) =>
    html`<bdi>${amount(fee.amount)} ${fee.symbol}</bdi>${
        fee.usd === undefined
          ? nothing
          : html` <span class="hint">≈ ${formatNumber({ value: fee.usd, style: 'usd', locale })}</span>`
      }`
  const row = (term: string, id: string, value: unknown) =>
    html`<div>
      <dt>${term}</dt>
      <dd data-testid=${id}>${value}</dd>
    </div>`
  const buy = quote.buyToken.symbol
  const alternatives = quote.alternatives ?? []
  return html`
    <style>
      .route-detail {
        display: grid;
        gap: 0.5rem;
        margin-top: 0.5rem;
      }
      .route-detail h3 {
        margin: 0.25rem 0 0;
        font-size: 0.9em;
      }
      .route-detail ul {
        display: grid;
        gap: 0.35rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .route-detail li {
        padding: 0.4rem 0.5rem;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.5);
      }
      .route-detail li[data-status='quoted'] {
        border-color: var(--_success);
      }
    </style>
    <div class="route-detail" data-testid="route-detail">
      <dl class="summary">
        ${row(t('Venue'), 'detail-venue', venueName(quote.provider))}
        ${costs.service ? row(t('Service fee'), 'service-fee', html`${percent(costs.service.bps)} · ${cost(costs.service)}`) : nothing}
        ${
          costs.partner
            ? row(
                t('Partner fee'),
                'partner-fee',
                html`${percent(costs.partner.bps)} · ${cost(costs.partner)}`,
              )
            : quote.partnerFee && quote.partnerFee.requestedBps > 0
              ? row(t('Partner fee'), 'partner-fee', t('None on this route'))
              : nothing
        }
        ${row(
          t('Network fee'),
          'network-fee',
          quote.order
            ? t('Included in the price')
            : costs.network
              ? cost(costs.network)
              : (networkFee ?? t('Shown by your wallet before you confirm')),
        )}
        ${row(
          t('Guaranteed minimum'),
          'detail-minimum',
          quote.minBuyAmount
            ? html`<bdi>${amount(quote.minBuyAmount, 'floor')} ${buy}</bdi>`
            : t('Not stated by this venue'),
        )}
      </dl>
      ${
        alternatives.length > 0
          ? html`<h3>${t('Routes compared')}</h3>
              <ul aria-label=${t('Routes compared')}>
                ${alternatives.map(
                  (entry) =>
                    html`<li
                      data-testid="alternative"
                      data-provider=${entry.provider}
                      data-status=${entry.status}
                    >
                      <strong>${venueName(entry.provider)}</strong>:
                      ${outcomes(t)[entry.status]}${
                        entry.netOutput
                          ? `, ${t('{amount} after fees and gas', { amount: `${amount(entry.netOutput)} ${buy}` })}`
                          : nothing
                      }
                      <div class="hint" data-testid="alternative-reason">
                        ${
                          entry.status === 'quoted' && costs.margin
                            ? t(
                                'Won: the most left for you after fees and gas, {amount} more than {venue}.',
                                {
                                  amount: `${amount(costs.margin.amount)} ${buy}`,
                                  venue: venueName(costs.margin.over),
                                },
                              )
                            : entry.status === 'quoted'
                              ? // No venue was outranked: a lone venue did not win a race, so no reason.
                                nothing
                              : entry.reason
                        }
                      </div>
                    </li>`,
                )}
              </ul>`
          : nothing
      }
    </div>
  `
}
