import { SwapError } from '../../shared'

/** Largest order-book request body forwarded (an order with its app data is about 2 kB). */
export const MAX_ORDER_BOOK_BODY_BYTES = 64 * 1024

/** Order-book paths: `/{network}/api/v1/...` and `/{network}/api/v2/...`, nothing else. */
const orderBookPath = /^\/[a-z0-9_-]{1,32}\/api\/v[12]\/[A-Za-z0-9_/.-]{1,300}$/

export type ForwardOrderBookParameters = {
  /** The CoW simulator's base URL (it plays `https://api.cow.fi`). */
  cowUrl: string
  method: string
  /** The path below the base URL, for example `/mainnet/api/v1/orders`. */
  path: string
  /** The query string with its `?`, or empty. */
  search: string
  contentType: string | undefined
  body: string | undefined
  fetch?: typeof globalThis.fetch
  signal?: AbortSignal
}

/**
 * Forwards one order-book request (quote, app data, order, status) to the sandbox's CoW simulator and
 * returns its answer as is. The simulator answers no CORS preflight (the live CoW API does), so the
 * sandbox hands the API this same-origin route as the CoW base URL, and the widget's signed-order
 * requests from the demo page reach the order book. Only GET, POST and PUT on order-book paths pass;
 * anything else is `BAD_REQUEST`.
 *
 * @example
 * await forwardOrderBook({ cowUrl, method: 'GET', path: '/mainnet/api/v1/orders/0x…', search: '', contentType: undefined, body: undefined })
 */
export async function forwardOrderBook({
  cowUrl,
  method,
  path,
  search,
  contentType,
  body,
  fetch = globalThis.fetch,
  signal,
}: ForwardOrderBookParameters): Promise<Response> {
  if (!['GET', 'POST', 'PUT'].includes(method)) {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'The order book takes GET, POST and PUT only' })
  }
  if (!orderBookPath.test(path) || path.includes('..')) {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'Not an order-book path' })
  }
  if (body !== undefined && body.length > MAX_ORDER_BOOK_BODY_BYTES) {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'Order-book request body too large' })
  }
  let answer: Response
  try {
    answer = await fetch(`${cowUrl}${path}${search}`, {
      method,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      ...(body !== undefined && method !== 'GET' ? { body } : {}),
      ...(signal ? { signal } : {}),
    })
  } catch (cause) {
    // The caller hung up (a venue deadline in the API's race ends its order-book call): the order book
    // did nothing wrong, so this is not reported as its failure.
    if (signal?.aborted) throw cause
    throw new SwapError({ code: 'UPSTREAM_ERROR', message: 'The sandbox order book did not answer', cause })
  }
  return new Response(await answer.arrayBuffer(), {
    status: answer.status,
    headers: {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    },
  })
}
