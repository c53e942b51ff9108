import { SwapError } from '../../shared'

/**
 * Longest value of one query parameter; longer is `BAD_REQUEST` (bounds the work per request), or cut
 * to this length for the keys a caller names as truncated.
 */
export const MAX_PARAM_LENGTH = 1_024
/** Longest whole query string. */
export const MAX_QUERY_LENGTH = 8_192

/**
 * Parses the query of `url` strictly: each key once, valid percent-encoding, bounded sizes. Anything
 * else is a `BAD_REQUEST`, never a 500. `+` is a space, as in forms. A key without `=` has the empty
 * value, and empty values count as absent.
 *
 * Hono's `c.req.query()` silently keeps the first of repeated keys and passes undecodable values
 * through, so the routes parse the raw query here instead.
 *
 * @example
 * parseQueryString('https://x/api/sdk/v1/tokens?chain=ETH') // { chain: 'ETH' }
 */
export function parseQueryString(
  url: string,
  { truncated }: { truncated?: ReadonlySet<string> } = {},
): Record<string, string> {
  const start = url.indexOf('?')
  if (start === -1) return {}
  const hash = url.indexOf('#', start)
  const raw = url.slice(start + 1, hash === -1 ? undefined : hash)
  if (raw.length > MAX_QUERY_LENGTH) throw bad(`Query string is longer than ${MAX_QUERY_LENGTH} characters`)
  // The answer holds the non-empty values; keys given with an empty value are kept aside, only to
  // tell a repeated key (`a=&a=1`) from a new one.
  const params: Record<string, string> = {}
  let emptyKeys: Set<string> | undefined
  for (const part of raw.split('&')) {
    if (part === '') continue
    const equals = part.indexOf('=')
    const key = decode(equals === -1 ? part : part.slice(0, equals))
    if (key === undefined) throw bad('Malformed percent-encoding in parameter name')
    let value = equals === -1 ? '' : decode(part.slice(equals + 1))
    if (value === undefined) throw bad(`Malformed percent-encoding in parameter ${printable(key)}`, key)
    if (key.length > 64) throw bad('Query parameter name is longer than 64 characters')
    if (value.length > MAX_PARAM_LENGTH && truncated?.has(key)) value = value.slice(0, MAX_PARAM_LENGTH)
    if (value.length > MAX_PARAM_LENGTH) {
      throw bad(`Parameter ${printable(key)} is longer than ${MAX_PARAM_LENGTH} characters`, key)
    }
    if (Object.hasOwn(params, key) || emptyKeys?.has(key)) {
      throw bad(`Parameter ${printable(key)} is given more than once`, key)
    }
    if (value === '') (emptyKeys ??= new Set()).add(key)
    // `__proto__` as a key must become an own property, as in `Object.fromEntries`.
    else if (key === '__proto__') Object.defineProperty(params, key, ownValue(value))
    else params[key] = value
  }
  return params
}

// Decoded text, or undefined for malformed percent-encoding. Most values need no decoding at all.
function decode(text: string): string | undefined {
  if (!text.includes('%') && !text.includes('+')) return text
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return undefined
  }
}

function ownValue(value: string): PropertyDescriptor {
  return { value, writable: true, enumerable: true, configurable: true }
}

/** A parameter name safe to echo in an error message. */
function printable(key: string): string {
  return JSON.stringify(key.length > 32 ? `${key.slice(0, 32)}…` : key)
}

/** A `BAD_REQUEST`; about one parameter `param`, named in the body (`param`) for a form to mark. */
function bad(message: string, param?: string): SwapError {
  return new SwapError({ code: 'BAD_REQUEST', message, ...(param !== undefined && { details: { param } }) })
}
