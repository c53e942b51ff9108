import type { OutgoingHttpHeader, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import { REQUEST_ID_HEADER } from '../middleware/requestId'
import type { Logger } from './logger'

const requestIdHeader = REQUEST_ID_HEADER.toLowerCase()

export type LogRequestsParameters = {
  logger: Logger
  /** Milliseconds from an arbitrary start; default `performance.now`. */
  now?: () => number
}

/**
 * The access log (`ACCESS_LOG=true`): one `request` line at `info` per request, once its answer is
 * written or the caller has gone: method, path, status, milliseconds from arrival to the last byte
 * handed to the socket, and the `X-Request-Id` the answer carries (the id a 500's body and its log
 * line name, and a quote's line in the quote log). The query string is left out: it carries
 * addresses, amounts and transaction hashes, which an access log has no need to keep. A caller who
 * left before the answer was complete gets `aborted: true`.
 *
 * Wraps the server's listener, so the cached `/chains` and `/tokens` answers, which never reach the
 * app, are logged as well. The answers' headers are handed to `writeHead` and never stored on the
 * response (`getHeader` cannot read them), so the request id is read from that call.
 */
export function logRequests(
  listener: RequestListener,
  { logger, now = () => performance.now() }: LogRequestsParameters,
): RequestListener {
  return (request, response) => {
    const arrivedAt = now()
    let requestId: string | undefined
    const writeHead = response.writeHead
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      requestId ??= findRequestId(args)
      return (writeHead as (...all: unknown[]) => ServerResponse).apply(this, args)
    } as ServerResponse['writeHead']
    response.once('close', () => {
      const url = request.url ?? ''
      const query = url.indexOf('?')
      logger.info('request', {
        requestId: requestId ?? headerText(response.getHeader(requestIdHeader)),
        method: request.method,
        path: query === -1 ? url : url.slice(0, query),
        status: response.statusCode,
        ms: Math.round((now() - arrivedAt) * 10) / 10,
        ...(response.writableFinished ? {} : { aborted: true }),
      })
    })
    return listener(request, response)
  }
}

/** The `X-Request-Id` among `writeHead`'s arguments: a flat `[name, value, …]` list or an object. */
function findRequestId(args: unknown[]): string | undefined {
  const headers = args.find((arg) => typeof arg === 'object' && arg !== null) as
    OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined
  if (headers === undefined) return undefined
  if (Array.isArray(headers)) {
    for (let index = 0; index + 1 < headers.length; index += 2) {
      if (String(headers[index]).toLowerCase() === requestIdHeader) return headerText(headers[index + 1])
    }
    return undefined
  }
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === requestIdHeader) return headerText(headers[name])
  }
  return undefined
}

function headerText(value: OutgoingHttpHeader | undefined): string | undefined {
  return value === undefined ? undefined : String(value)
}
