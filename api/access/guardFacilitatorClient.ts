import type { FacilitatorClient } from '@x402/core/server'
import { FacilitatorResponseError, SettleError, VerifyError } from '@x402/core/types'

/** The facilitator could not be reached or answered something that is not an x402 verdict. */
export class FacilitatorUnavailableError extends FacilitatorResponseError {
  constructor(operation: string, cause: unknown) {
    super(`Payment facilitator ${operation} failed: ${cause instanceof Error ? cause.name : 'error'}`)
    this.name = 'FacilitatorUnavailableError'
    this.cause = cause
  }
}

/**
 * Wraps a facilitator client so that a refused connection, a timeout or a malformed answer surfaces as
 * a `FacilitatorResponseError`. The x402 resource server rethrows those instead of turning them into
 * a payment rejection (a 402 that would read "fetch failed"), so the route can answer 503. Verdicts
 * (`VerifyError`, `SettleError`) pass through unchanged.
 */
export function guardFacilitatorClient(client: FacilitatorClient): FacilitatorClient {
  const guard =
    <args extends unknown[], result>(operation: string, call: (...args: args) => Promise<result>) =>
    async (...args: args): Promise<result> => {
      try {
        return await call(...args)
      } catch (error) {
        if (
          error instanceof VerifyError ||
          error instanceof SettleError ||
          error instanceof FacilitatorResponseError
        ) {
          throw error
        }
        throw new FacilitatorUnavailableError(operation, error)
      }
    }
  return {
    verify: guard('verify', (payload, requirements) => client.verify(payload, requirements)),
    settle: guard('settle', (payload, requirements) => client.settle(payload, requirements)),
    getSupported: guard('supported', () => client.getSupported()),
  }
}
