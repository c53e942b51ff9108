import type { Venue, VenueContext, VenueNoRoute, VenueQuote, VenueRequest } from '../venues/venue'

/** A venue for tests whose answer is a function of the request (tests only). */
export function fakeVenue({
  id,
  answer,
  serves = () => true,
}: {
  id: string
  answer: (
    request: VenueRequest,
    context: VenueContext,
  ) => Promise<VenueQuote | VenueNoRoute> | VenueQuote | VenueNoRoute
  serves?: (request: VenueRequest) => boolean
}): Venue & { calls: VenueContext[] } {
  const calls: VenueContext[] = []
  return {
    id,
    name: `fake ${id}`,
    calls,
    serves,
    async quote(request, context) {
      calls.push(context)
      return answer(request, context)
    },
  }
}

/** A plain priced answer: `buyAmount` base units for the whole sell amount, no fees or gas. */
export function priced(
  request: VenueRequest,
  provider: string,
  buyAmount: bigint,
  extra: Partial<VenueQuote> = {},
): VenueQuote {
  return {
    provider,
    sellAmount: request.sellAmount,
    buyAmount,
    netBuyAmount: buyAmount,
    serviceFeeBps: 0,
    ...extra,
  }
}

/** A venue that never answers on its own and settles only when its signal aborts. */
export function hangingVenue(id: string): Venue & { calls: VenueContext[] } {
  return fakeVenue({
    id,
    answer: (_request, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
  })
}
