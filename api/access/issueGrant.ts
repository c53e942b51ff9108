import type { AccessGrant } from '../../shared'
import { ACCESS_HEADER } from '../../shared'
import { mintGrantToken, type GrantClaims } from './grantToken'

/** Grant lifetime (contract 2.9, 8). */
export const GRANT_TTL_SECONDS = 86_400

/** How a grant was obtained, as its `via` says. */
export type GrantVia = 'x402' | 'holder-pass'

export type IssueGrantParameters = {
  secret: string
  /** Whose grant it is (the payer or the pass holder's address), how it was had, and its lifetime. */
  claims: GrantClaims
  limit: { requestsPerMinute: number; previously: number }
}

/**
 * Mints a grant token and wraps it in the 200 body of `/access` (contract 2.9): 24 hours, the new and
 * the free ceiling, the header to present it as, and the usage and sharing texts. The same claims give
 * the same token, so a subject's held grant can be handed back as it was first issued.
 *
 * @example
 * const grant = await issueGrant({ secret, claims: newGrantClaims({ subject, via, nowMs, jti }), limit })
 */
export async function issueGrant({ secret, claims, limit }: IssueGrantParameters): Promise<AccessGrant> {
  const { sub: subject, via, exp } = claims
  const token = await mintGrantToken({ secret, claims })
  return {
    token,
    header: ACCESS_HEADER,
    subject,
    via: via as GrantVia,
    limit: { ...limit },
    expiresAt: new Date(exp * 1000).toISOString(),
    ttlSeconds: GRANT_TTL_SECONDS,
    usage:
      `Send the token on GET /api/sdk/v1/quote as the header "${ACCESS_HEADER}: <token>" ` +
      'or as "Authorization: Bearer <token>". Keep it server-side.',
    note:
      `The grant only raises the /quote ceiling from ${limit.previously} to ${limit.requestsPerMinute} ` +
      "requests per minute until expiresAt; the headroom belongs to the grant's subject: everyone presenting " +
      'a grant of this subject draws from one shared bucket, so sharing it divides the headroom, and asking ' +
      'again returns this grant rather than a second bucket.',
  }
}
