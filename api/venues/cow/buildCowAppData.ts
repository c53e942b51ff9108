import { keccak256, stringToHex } from 'viem'
import { serializeAppData } from './serializeAppData'

/** App-data schema version written; lists of volume policies need at least 1.4.0. */
export const COW_APP_DATA_VERSION = '1.15.0'

export type BuildCowAppDataParameters = {
  appCode: string
  slippageBps: number
  /** Volume policies in order (api/fees `planCowFees` decides them): the service's first. */
  policies: readonly { volumeBps: number; recipient: string }[]
}

export type CowAppData = {
  /** The exact string whose keccak256 is the order's signed `appData`. */
  fullAppData: string
  appDataHash: `0x${string}`
  /** Sum of the policies' volume bps, as the SDK's amount math takes it. */
  totalVolumeBps: number
}

/**
 * Builds the order's app data: `metadata.partnerFee` is the list of volume policies, serialised once
 * with sorted keys and hashed; that string is reused everywhere.
 */
export function buildCowAppData({ appCode, slippageBps, policies }: BuildCowAppDataParameters): CowAppData {
  const partnerFee = policies
    .filter((policy) => policy.volumeBps > 0)
    .map((policy) => ({ volumeBps: policy.volumeBps, recipient: policy.recipient }))
  const fullAppData = serializeAppData({
    appCode,
    metadata: {
      orderClass: { orderClass: 'market' },
      ...(partnerFee.length > 0 ? { partnerFee } : {}),
      quote: { slippageBips: slippageBps },
    },
    version: COW_APP_DATA_VERSION,
  })
  return {
    fullAppData,
    appDataHash: keccak256(stringToHex(fullAppData)),
    totalVolumeBps: partnerFee.reduce((sum, policy) => sum + policy.volumeBps, 0),
  }
}
