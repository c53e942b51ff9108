import { isSwapError } from '../../../shared'
import type { Venue, VenueRequest } from '../venue'
import { fetchVenueJson } from '../common/fetchVenueJson'
import { buildLifiQuery } from './buildLifiQuery'
import { classifyLifiError } from './classifyLifiError'
import { LIFI_DEFAULT_CHAIN_IDS, type LifiVenueOptions } from './lifiVenueOptions'
import { parseLifiResponse } from './parseLifiResponse'

/**
 * The LI.FI venue (`provider: 'lifi'`): same-chain EVM swaps, and bridge routes EVM to EVM, from one
 * `GET /v1/quote` call. The service's 30 bps and the partner's bps travel together in LI.FI's
 * integrator `fee` (one fee wallet; the partner's share is settled off-chain from the quote log).
 *
 * @example
 * const venue = createLifiVenue({ baseUrl: 'https://li.quest', integrator: 'swap-quote', serviceFeeBps: 30 })
 */
export function createLifiVenue(options: LifiVenueOptions): Venue {
  const chainIds = new Set(options.chainIds ?? LIFI_DEFAULT_CHAIN_IDS)
  const bridgeChainIds = new Set(options.bridgeChainIds ?? options.chainIds ?? LIFI_DEFAULT_CHAIN_IDS)
  return {
    id: 'lifi',
    name: 'LI.FI',
    serves(request: VenueRequest) {
      const { sellChain, buyChain } = request
      if (sellChain.type !== 'evm' || buyChain.type !== 'evm') return false
      if (sellChain.symbol === buyChain.symbol)
        return sellChain.symbol !== 'RHD' && chainIds.has(sellChain.chainId as number)
      return bridgeChainIds.has(sellChain.chainId as number) && bridgeChainIds.has(buyChain.chainId as number)
    },
    async quote(request, { fetch, signal }) {
      const query = buildLifiQuery({ request, options })
      const response = await fetchVenueJson({
        venueName: 'LI.FI',
        fetch,
        url: query.url,
        headers: query.headers,
        signal,
      })
      if (response.status !== 200) {
        const classified = classifyLifiError(response)
        if (isSwapError(classified)) throw classified
        return classified
      }
      return parseLifiResponse({ body: response.body, request, query })
    },
  }
}
