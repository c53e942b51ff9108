import type { Config } from '../config'
import { loadPartnerRegistry, type PartnerRegistry } from '../fees/partnerRegistry'
import type { CowContracts } from './cow/cowVenueOptions'
import { createVenues } from './createVenues'
import type { Venue } from './venue'

export type CreateVenuesFromConfigParameters = {
  config: Config
  /** GPv2 contracts per chain id where they differ from mainnet's (the sandbox deploys its own). */
  cowContracts?: Readonly<Record<number, CowContracts>>
  now?: () => number
  /** Registered partners; read from `PARTNER_REGISTRY_PATH` when absent (a bad file throws `ConfigError`). */
  partners?: PartnerRegistry
}

/** The JSON-RPC URL of each EVM chain that has one configured, by chain symbol. */
export function getRpcUrls(config: Config): Record<string, string> {
  const urls: Record<string, string | undefined> = {
    ETH: config.RPC_URL_ETH,
    BASE: config.RPC_URL_BASE,
    BSC: config.RPC_URL_BSC,
    AVAX: config.RPC_URL_AVAX,
    ARB: config.RPC_URL_ARB,
    RHD: config.RPC_URL_RHD,
  }
  const configured: Record<string, string> = {}
  for (const [symbol, url] of Object.entries(urls)) if (url !== undefined) configured[symbol] = url
  return configured
}

/**
 * Builds the venues a configuration enables (the same adapters in live mode and in the sandbox; only
 * URLs and keys differ). `describeVenues` prints what each disabled one lacks.
 *
 * @example
 * const venues = createVenuesFromConfig({ config: loadConfig(environment) })
 */
export function createVenuesFromConfig({
  config,
  cowContracts,
  now,
  partners = loadPartnerRegistry({ path: config.PARTNER_REGISTRY_PATH }),
}: CreateVenuesFromConfigParameters): Venue[] {
  return createVenues({
    partners,
    serviceFeeRecipient: config.SERVICE_FEE_RECIPIENT as `0x${string}` | undefined,
    partnerFeeRecipient: config.PARTNER_FEE_RECIPIENT as `0x${string}` | undefined,
    rpcUrls: getRpcUrls(config),
    now,
    zerox: {
      baseUrl: config.ZEROX_BASE_URL,
      apiKey: config.ZEROX_API_KEY,
      serviceFeeBps: config.ZEROX_SERVICE_FEE_BPS,
    },
    lifi: {
      baseUrl: config.LIFI_BASE_URL,
      apiKey: config.LIFI_API_KEY,
      integrator: config.LIFI_INTEGRATOR,
      serviceFeeBps: config.LIFI_SERVICE_FEE_BPS,
      feeSharePercent: config.LIFI_FEE_SHARE_PERCENT,
    },
    cow: {
      baseUrl: config.COW_BASE_URL,
      serviceFeeBps: config.COW_SERVICE_FEE_BPS,
      feeSharePercent: config.COW_FEE_SHARE_PERCENT,
      maxPartnerFeeBps: config.COW_MAX_PARTNER_FEE_BPS,
      contracts: cowContracts,
    },
    swapkit: {
      baseUrl: config.SWAPKIT_BASE_URL,
      apiKey: config.SWAPKIT_API_KEY,
      serviceAffiliate: config.THORCHAIN_AFFILIATE,
      affiliateFeeBps: config.SWAPKIT_AFFILIATE_FEE_BPS,
      partnerFees: config.SWAPKIT_PARTNER_FEES,
    },
    router: { routerAddress: config.RHD_ROUTER_ADDRESS as `0x${string}` | undefined },
  })
}
