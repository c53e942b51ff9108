import { SwapError } from '../../../shared'

/** An outage or an answer we cannot use: the venue drops out of the race as `UPSTREAM_ERROR`. */
export function upstreamError(venueName: string, message: string, cause?: unknown): SwapError {
  return new SwapError({ code: 'UPSTREAM_ERROR', message: `${venueName}: ${message}`, cause })
}

/** The venue rejected the request's input (an address, a token, an amount): `BAD_REQUEST`. */
export function venueBadRequest(venueName: string, message: string): SwapError {
  return new SwapError({ code: 'BAD_REQUEST', message: `${venueName} rejected the request: ${message}` })
}

/** Shortens a venue-supplied text before it goes into a message or a no-route reason. */
export function clipText(value: unknown, maxLength = 200): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text
}
