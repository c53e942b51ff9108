import { planZeroxFees, type ZeroxFeePlan } from '../../fees/planZeroxFees'
import type { VenueRequest } from '../venue'
import { NATIVE_EEEE } from '../common/nativePlaceholders'
import { slippagePercentToPpm } from '../common/slippagePercentToPpm'
import type { ZeroxVenueOptions } from './zeroxVenueOptions'

export type ZeroxQuery = {
  url: string
  headers: Record<string, string>
  /** The fees stamped into `swapFeeRecipient` / `swapFeeBps` (api/fees decides them). */
  feePlan: ZeroxFeePlan
}

/**
 * Builds the `GET /swap/allowance-holder/quote` call for a request: base units, `0xEeee…` for a native
 * coin, slippage in bps (or ppm when the percent has a fraction of a bps; absent means 0x's own
 * default), and the fee lists `planZeroxFees` decides (`swapFeeRecipient` / `swapFeeBps`, comma-separated,
 * in the buy token), so `buyAmount` is already net of them.
 */
export function buildZeroxQuery({
  request,
  options,
}: {
  request: VenueRequest
  options: ZeroxVenueOptions
}): ZeroxQuery {
  const sellToken = request.sellToken.kind === 'native' ? NATIVE_EEEE : (request.sellToken.contract as string)
  const buyToken = request.buyToken.kind === 'native' ? NATIVE_EEEE : (request.buyToken.contract as string)
  const params = new URLSearchParams({
    chainId: String(request.sellChain.chainId),
    sellToken,
    buyToken,
    sellAmount: request.sellAmount.toString(),
    taker: request.sender,
  })
  // 0x refuses `recipient` on wrap/unwrap; it defaults to the taker anyway.
  if (request.recipient.toLowerCase() !== request.sender.toLowerCase())
    params.set('recipient', request.recipient)
  if (request.slippagePercent !== undefined) {
    const ppm = slippagePercentToPpm(request.slippagePercent)
    if (ppm % 100 === 0) params.set('slippageBps', String(ppm / 100))
    else params.set('slippagePpm', String(ppm))
  }
  const feePlan = planZeroxFees({
    request,
    serviceFeeBps: options.serviceFeeBps,
    serviceRecipient: options.feeRecipient,
    partner: request.partner === undefined ? undefined : options.partners?.get(request.partner),
  })
  if (feePlan.recipients.length > 0) {
    params.set('swapFeeRecipient', feePlan.recipients.map((entry) => entry.address).join(','))
    params.set('swapFeeBps', feePlan.recipients.map((entry) => String(entry.bps)).join(','))
    params.set('swapFeeToken', buyToken)
  }
  return {
    url: `${options.baseUrl.replace(/\/+$/, '')}/swap/allowance-holder/quote?${params}`,
    headers: { '0x-api-key': options.apiKey, '0x-version': 'v2' },
    feePlan,
  }
}
