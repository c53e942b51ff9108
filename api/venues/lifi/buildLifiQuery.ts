import { formatAmount } from '../../../shared'
import { planLifiFees, type LifiFeePlan } from '../../fees/planLifiFees'
import type { VenueRequest } from '../venue'
import { NATIVE_ZERO } from '../common/nativePlaceholders'
import { slippagePercentToPpm } from '../common/slippagePercentToPpm'
import type { LifiVenueOptions } from './lifiVenueOptions'

export type LifiQuery = {
  url: string
  headers: Record<string, string>
  /** The integrator fee asked for (api/fees decides it). */
  feePlan: LifiFeePlan
}

/**
 * Builds LI.FI's `GET /v1/quote` call: base units, the zero address for a native coin, and the two
 * fractions LI.FI takes where others take bps: `slippage` (0.005 = 0.5 %, absent means LI.FI's own
 * default) and `fee` (the service's plus the partner's bps, 0.004 = 40 bps) with our `integrator`, only
 * when one is configured.
 * Fractions are written exactly from integers, never through float arithmetic.
 */
export function buildLifiQuery({
  request,
  options,
}: {
  request: VenueRequest
  options: LifiVenueOptions
}): LifiQuery {
  const token = (side: VenueRequest['sellToken']) =>
    side.kind === 'native' ? NATIVE_ZERO : (side.contract as string)
  const params = new URLSearchParams({
    fromChain: String(request.sellChain.chainId),
    toChain: String(request.buyChain.chainId),
    fromToken: token(request.sellToken),
    toToken: token(request.buyToken),
    fromAmount: request.sellAmount.toString(),
    fromAddress: request.sender,
    toAddress: request.recipient,
    order: 'CHEAPEST',
  })
  if (options.integrator) params.set('integrator', options.integrator)
  if (request.slippagePercent !== undefined) {
    params.set(
      'slippage',
      formatAmount({ value: BigInt(slippagePercentToPpm(request.slippagePercent)), decimals: 6 }),
    )
  }
  const feePlan = planLifiFees({
    request,
    integrator: options.integrator,
    serviceFeeBps: options.serviceFeeBps,
    venueSharePercent: options.feeSharePercent ?? 0,
    partner: request.partner === undefined ? undefined : options.partners?.get(request.partner),
  })
  if (feePlan.totalBps > 0) {
    params.set('fee', formatAmount({ value: BigInt(feePlan.totalBps), decimals: 4 }))
  }
  const base = options.baseUrl.replace(/\/+$/, '')
  return {
    url: `${base.endsWith('/v1') ? base : `${base}/v1`}/quote?${params}`,
    headers: options.apiKey ? { 'x-lifi-api-key': options.apiKey } : {},
    feePlan,
  }
}
