import type { VenueRequest } from '../venue'
import { NATIVE_EEEE } from '../common/nativePlaceholders'
import { slippagePercentToPpm } from '../common/slippagePercentToPpm'
import type { ZeroxVenueOptions } from './zeroxVenueOptions'

export type ZeroxQuery = {
  url: string
  headers: Record<string, string>
  /** Fee stamped into `swapFeeBps`: the service's and the partner's share of it. */
  serviceFeeBps: number
  partnerFeeBps: number
  /** The wallet `swapFeeRecipient` names, when a fee is stamped. */
  feeRecipient?: string | undefined
}

/**
 * Builds the `GET /swap/allowance-holder/quote` call for a request: base units, `0xEeee…` for a native
 * coin, slippage in bps (or ppm when the percent has a fraction of a bps; absent means 0x's own
 * default), and one `swapFeeRecipient` (the service's) taking the service's plus the partner's bps in
 * the buy token, so `buyAmount` is already net of it.
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
  const serviceFeeBps = options.feeRecipient ? options.serviceFeeBps : 0
  const partnerFeeBps = options.feeRecipient ? request.partnerFeeBps : 0
  if (serviceFeeBps + partnerFeeBps > 0 && options.feeRecipient) {
    params.set('swapFeeRecipient', options.feeRecipient)
    params.set('swapFeeBps', String(serviceFeeBps + partnerFeeBps))
    params.set('swapFeeToken', buyToken)
  }
  return {
    url: `${options.baseUrl.replace(/\/+$/, '')}/swap/allowance-holder/quote?${params}`,
    headers: { '0x-api-key': options.apiKey, '0x-version': 'v2' },
    serviceFeeBps,
    partnerFeeBps,
    feeRecipient: serviceFeeBps + partnerFeeBps > 0 ? options.feeRecipient : undefined,
  }
}
