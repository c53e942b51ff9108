import type { AccessGrant } from '../../shared'
import { ACCESS_HEADER } from '../../shared'
import { mintGrantToken } from './grantToken'

/** Grant lifetime (contract 2.9, 8). */
export const GRANT_TTL_SECONDS = 86_400

/** How a grant was obtained, as its `via` says. */
export type GrantVia = 'x402' | 'holder-pass'

export type IssueGrantParameters = {
  secret: string
  /** Who the grant belongs to: the payer or the pass holder's address. */
  subject: string
  via: GrantVia
  nowMs: number
  /** The grant id, the key of its shared 600-per-minute bucket. */
  jti: string
  limit: { requestsPerMinute: number; previously: number }
}

/**
 * Mints a grant token and wraps it in the 200 body of `/access` (contract 2.9): 24 hours, the new and
 * the free ceiling, the header to present it as, and the usage and sharing texts.
 *
 * @example
 * const grant = await issueGrant({ secret, subject: payer, via: 'x402', nowMs: Date.now(), jti, limit })
 */
export async function issueGrant({
  secret,
  subject,
  via,
  nowMs,
  jti,
  limit,
}: IssueGrantParameters): Promise<AccessGrant> {
  const iat = Math.floor(nowMs / 1000)
  const exp = iat + GRANT_TTL_SECONDS
  const token = await mintGrantToken({ secret, claims: { sub: subject, via, iat, exp, jti } })
  return {
    token,
    header: ACCESS_HEADER,
    subject,
    via,
    limit: { ...limit },
    expiresAt: new Date(exp * 1000).toISOString(),
    ttlSeconds: GRANT_TTL_SECONDS,
    usage:
      `Send the token on GET /api/sdk/v1/quote as the header "${ACCESS_HEADER}: <token>" ` +
      'or as "Authorization: Bearer <token>". Keep it server-side.',
    note:
      `The grant only raises the /quote ceiling from ${limit.previously} to ${limit.requestsPerMinute} ` +
      'requests per minute until expiresAt; everyone presenting this token draws from one shared bucket, ' +
      'so sharing it divides the headroom.',
  }
}
