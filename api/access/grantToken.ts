import { z } from 'zod'

/** First segment of every grant token; a new format gets a new prefix. */
export const GRANT_TOKEN_PREFIX = 'sqg1'

/** The signed claims of a grant. Times are unix seconds. */
export const GrantClaimsSchema = z.object({
  /** Who holds the grant (a wallet address). */
  sub: z.string().min(1).max(128),
  /** How it was obtained: `x402` or `holder-pass`. */
  via: z.string().min(1).max(32),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
  /** Grant id: the key of the shared 600-per-minute bucket. */
  jti: z.string().min(8).max(64),
})
export type GrantClaims = z.infer<typeof GrantClaimsSchema>

const encoder = new TextEncoder()
const decoder = new TextDecoder()

// btoa/atob rather than Buffer, so grants verify on edge runtimes too.
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  // One spelling per token: base64's unused trailing bits would otherwise let several strings decode
  // to the same signature, so an edited token could still verify.
  return toBase64Url(bytes) === text ? bytes : undefined
}

async function importKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

/**
 * Mints a grant token: `<prefix>.<base64url JSON claims>.<base64url HMAC-SHA256>` over the first
 * two segments, signed with `secret` (WebCrypto, so it runs on any runtime).
 *
 * @example
 * const token = await mintGrantToken({ secret, claims: { sub: '0xabc…', via: 'x402', iat, exp, jti } })
 */
export async function mintGrantToken({
  secret,
  claims,
}: {
  secret: string
  claims: GrantClaims
}): Promise<string> {
  const payload = `${GRANT_TOKEN_PREFIX}.${toBase64Url(encoder.encode(JSON.stringify(GrantClaimsSchema.parse(claims))))}`
  const signature = await crypto.subtle.sign('HMAC', await importKey(secret), encoder.encode(payload))
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`
}

/**
 * Verifies a grant token's signature (constant-time, by WebCrypto) and expiry against `nowMs`.
 * Returns the claims, or `undefined` for anything malformed, forged or expired; it never throws on
 * caller input.
 */
export async function verifyGrantToken({
  secret,
  token,
  nowMs,
}: {
  secret: string
  token: string
  nowMs: number
}): Promise<GrantClaims | undefined> {
  if (token.length > 2_048) return undefined
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== GRANT_TOKEN_PREFIX) return undefined
  const [, body = '', signatureText = ''] = parts
  const signature = fromBase64Url(signatureText)
  const bodyBytes = fromBase64Url(body)
  if (!signature || !bodyBytes) return undefined
  const valid = await crypto.subtle.verify(
    'HMAC',
    await importKey(secret),
    signature,
    encoder.encode(`${GRANT_TOKEN_PREFIX}.${body}`),
  )
  if (!valid) return undefined
  let json: unknown
  try {
    json = JSON.parse(decoder.decode(bodyBytes))
  } catch {
    return undefined
  }
  const claims = GrantClaimsSchema.safeParse(json)
  if (!claims.success || claims.data.exp * 1000 <= nowMs) return undefined
  return claims.data
}
