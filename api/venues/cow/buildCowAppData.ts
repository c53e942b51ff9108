import { keccak256, stringToHex } from 'viem'
import { COW_MAX_PARTNER_FEE_BPS } from './cowVenueOptions'
import { serializeAppData } from './serializeAppData'

/** App-data schema version written; lists of volume policies need at least 1.4.0. */
export const COW_APP_DATA_VERSION = '1.15.0'

export type BuildCowAppDataParameters = {
  appCode: string
  slippageBps: number
  serviceFeeBps: number
  serviceRecipient?: string | undefined
  partnerFeeBps: number
  partnerRecipient?: string | undefined
}

export type CowAppData = {
  /** The exact string whose keccak256 is the order's signed `appData`. */
  fullAppData: string
  appDataHash: `0x${string}`
  /** Volume bps applied for the service and the partner after CoW's 100 bps cap. */
  serviceFeeBps: number
  partnerFeeBps: number
  /** True when the partner asked for more than fits under the cap. */
  partnerClamped: boolean
}

/**
 * Builds the order's app data: `metadata.partnerFee` is a list of volume policies, the service's first
 * and then the partner's. CoW adds them up and caps the total at 100 bps, so the service's share is
 * taken first and the partner's is clamped to what is left (70 with the service's 30) and reported as
 * clamped. Serialised once with sorted keys and hashed; that string is reused everywhere.
 */
export function buildCowAppData({
  appCode,
  slippageBps,
  serviceFeeBps: requestedServiceBps,
  serviceRecipient,
  partnerFeeBps: requestedPartnerBps,
  partnerRecipient,
}: BuildCowAppDataParameters): CowAppData {
  const serviceFeeBps = serviceRecipient ? Math.min(requestedServiceBps, COW_MAX_PARTNER_FEE_BPS) : 0
  const partnerRoom = COW_MAX_PARTNER_FEE_BPS - serviceFeeBps
  const partnerFeeBps = partnerRecipient ? Math.min(requestedPartnerBps, partnerRoom) : 0
  const policies = [
    ...(serviceFeeBps > 0 ? [{ volumeBps: serviceFeeBps, recipient: serviceRecipient }] : []),
    ...(partnerFeeBps > 0 ? [{ volumeBps: partnerFeeBps, recipient: partnerRecipient }] : []),
  ]
  const fullAppData = serializeAppData({
    appCode,
    metadata: {
      orderClass: { orderClass: 'market' },
      ...(policies.length > 0 ? { partnerFee: policies } : {}),
      quote: { slippageBips: slippageBps },
    },
    version: COW_APP_DATA_VERSION,
  })
  return {
    fullAppData,
    appDataHash: keccak256(stringToHex(fullAppData)),
    serviceFeeBps,
    partnerFeeBps,
    partnerClamped: partnerRecipient !== undefined && requestedPartnerBps > partnerFeeBps,
  }
}
