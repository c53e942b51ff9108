import type { Network, PaymentRequirements, PaymentRequirementsV1 } from '@x402/core/types'

/** x402 v1 names of the CAIP-2 networks we sell on. */
export const V1_NETWORK_NAMES: Readonly<Record<string, Network>> = { 'eip155:8453': 'base' as Network }

/**
 * The x402 v1 form of v2 payment requirements, for the body of the dual challenge and for settling an
 * `X-PAYMENT`: network by name, `maxAmountRequired`, and the resource inside the entry. `extra` keeps
 * only the token's EIP-712 domain (`name`, `version`), which is what v1 clients sign with.
 */
export function toV1Requirements({
  requirements,
  resource,
}: {
  requirements: PaymentRequirements
  resource: { url: string; description: string; mimeType: string }
}): PaymentRequirementsV1 {
  const network = V1_NETWORK_NAMES[requirements.network]
  if (!network) throw new Error(`no x402 v1 name for network ${requirements.network}`)
  const { name, version } = requirements.extra ?? {}
  return {
    scheme: requirements.scheme,
    network,
    maxAmountRequired: requirements.amount,
    resource: resource.url,
    description: resource.description,
    mimeType: resource.mimeType,
    outputSchema: {},
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    asset: requirements.asset,
    extra: { name, version },
  }
}
