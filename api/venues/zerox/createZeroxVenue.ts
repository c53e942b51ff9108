import { isSwapError } from '../../../shared'
import type { Venue, VenueRequest } from '../venue'
import { fetchVenueJson } from '../common/fetchVenueJson'
import { buildZeroxQuery } from './buildZeroxQuery'
import { classifyZeroxError } from './classifyZeroxError'
import { parseZeroxResponse } from './parseZeroxResponse'
import { ZEROX_DEFAULT_CHAIN_IDS, type ZeroxVenueOptions } from './zeroxVenueOptions'

/**
 * The 0x venue (`provider: '0x'`): same-chain EVM swaps through 0x Swap API v2's AllowanceHolder flow,
 * one firm `/quote` call per request. The service's and the partner's fee travel together in
 * `swapFeeBps` to the service's wallet (the partner's share is settled off-chain from the quote log).
 *
 * @example
 * const venue = createZeroxVenue({ baseUrl: 'https://api.0x.org', apiKey, serviceFeeBps: 10, feeRecipient })
 */
export function createZeroxVenue(options: ZeroxVenueOptions): Venue {
  const chainIds = new Set(options.chainIds ?? ZEROX_DEFAULT_CHAIN_IDS)
  return {
    id: '0x',
    name: '0x Swap API',
    serves: (request: VenueRequest) =>
      request.sellChain.type === 'evm' &&
      request.sellChain.symbol === request.buyChain.symbol &&
      request.sellChain.symbol !== 'RHD' &&
      chainIds.has(request.sellChain.chainId as number),
    async quote(request, { fetch, signal }) {
      const query = buildZeroxQuery({ request, options })
      const response = await fetchVenueJson({
        venueName: '0x',
        fetch,
        url: query.url,
        headers: query.headers,
        signal,
      })
      if (response.status !== 200) {
        const classified = classifyZeroxError(response)
        if (isSwapError(classified)) throw classified
        return classified
      }
      return parseZeroxResponse({ body: response.body, request, query })
    },
  }
}
