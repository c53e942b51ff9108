import type { PartnerRegistry } from '../fees/partnerRegistry'
import type { Venue } from './venue'
import type { CowContracts } from './cow/cowVenueOptions'
import { createCowVenue } from './cow/createCowVenue'
import { createLifiVenue } from './lifi/createLifiVenue'
import { createRouterVenue } from './router/createRouterVenue'
import type { MemoAffiliateShare } from './swapkit/rewriteMemoAffiliates'
import { createSwapkitVenue } from './swapkit/createSwapkitVenue'
import { createZeroxVenue } from './zerox/createZeroxVenue'

type Address = `0x${string}`

/**
 * Everything the venue adapters need, as plain values (the lead maps `Config` onto it; the sandbox
 * builds it from its manifest). A venue whose section is absent or lacks what it needs is left out,
 * never faked.
 */
export type CreateVenuesOptions = {
  /** Default fee wallet of the service on every venue (each section may name its own). */
  serviceFeeRecipient?: Address | undefined
  /** Recipient of the partner's volume policy on CoW; defaults to the service's wallet. */
  partnerFeeRecipient?: Address | undefined
  /** Registered partners (`PARTNER_REGISTRY_PATH`): paid on chain where a venue can pay several wallets. */
  partners?: PartnerRegistry | undefined
  /** JSON-RPC URL per chain symbol (`RHD` is needed by the router). */
  rpcUrls?: Readonly<Record<string, string | undefined>> | undefined
  /** Epoch-ms clock (THORChain router expiry when a route states none). */
  now?: (() => number) | undefined
  /** 0x: enabled with `baseUrl` and `apiKey`. Service fee default 0 bps. */
  zerox?:
    | {
        baseUrl: string
        apiKey?: string | undefined
        serviceFeeBps?: number | undefined
        feeRecipient?: Address | undefined
        chainIds?: readonly number[] | undefined
      }
    | undefined
  /** LI.FI: enabled with `baseUrl` (the key is optional). Service fee default 30 bps. */
  lifi?:
    | {
        baseUrl: string
        apiKey?: string | undefined
        /** Portal integrator id; unset: no integrator fee at all. */
        integrator?: string | undefined
        serviceFeeBps?: number | undefined
        /** LI.FI's share of collected integrator fees, percent. */
        feeSharePercent?: number | undefined
        chainIds?: readonly number[] | undefined
        bridgeChainIds?: readonly number[] | undefined
      }
    | undefined
  /** CoW: enabled with `baseUrl`. Service fee default 30 bps; GPv2 contracts default to mainnet's. */
  cow?:
    | {
        baseUrl: string
        serviceFeeBps?: number | undefined
        feeRecipient?: Address | undefined
        partnerFeeRecipient?: Address | undefined
        /** CoW DAO's share of partner fees, percent. */
        feeSharePercent?: number | undefined
        /** The backend's cap on an order's partner-fee policies together, bps. */
        maxPartnerFeeBps?: number | undefined
        appCode?: string | undefined
        defaultSlippageBps?: number | undefined
        validForSeconds?: number | undefined
        slugs?: Readonly<Record<number, string>> | undefined
        contracts?: Readonly<Record<number, CowContracts>> | undefined
      }
    | undefined
  /** Routing provider: enabled with `baseUrl` and `apiKey`. */
  swapkit?:
    | {
        baseUrl: string
        apiKey?: string | undefined
        /** The service's THORName in the memo split (`THORCHAIN_AFFILIATE`). */
        serviceAffiliate?: string | undefined
        serviceAffiliateWeight?: number | undefined
        coAffiliates?: readonly MemoAffiliateShare[] | undefined
        /** `affiliateFee` sent for the service, bps; unset: the key's fee tiers. */
        affiliateFeeBps?: number | undefined
        /** Carry partner fees inside `affiliateFee`. */
        partnerFees?: boolean | undefined
      }
    | undefined
  /** RHD router: enabled with `routerAddress` and `rpcUrls.RHD`. */
  router?:
    | {
        routerAddress?: Address | undefined
        chainId?: number | undefined
        defaultSlippageBps?: number | undefined
      }
    | undefined
}

/**
 * Builds the enabled venues, in race order (ties keep it): 0x, LI.FI, CoW, routing provider, RHD router.
 *
 * @example
 * const venues = createVenues({
 *   serviceFeeRecipient: config.SERVICE_FEE_RECIPIENT,
 *   zerox: { baseUrl: config.ZEROX_BASE_URL, apiKey: config.ZEROX_API_KEY, serviceFeeBps: config.ZEROX_SERVICE_FEE_BPS },
 *   rpcUrls: { RHD: config.RPC_URL_RHD },
 *   router: { routerAddress: config.RHD_ROUTER_ADDRESS },
 * })
 */
export function createVenues(options: CreateVenuesOptions): Venue[] {
  const venues: Venue[] = []
  const { zerox, lifi, cow, swapkit, router } = options
  if (zerox?.baseUrl && zerox.apiKey) {
    venues.push(
      createZeroxVenue({
        baseUrl: zerox.baseUrl,
        apiKey: zerox.apiKey,
        serviceFeeBps: zerox.serviceFeeBps ?? 0,
        feeRecipient: zerox.feeRecipient ?? options.serviceFeeRecipient,
        partners: options.partners,
        chainIds: zerox.chainIds,
      }),
    )
  }
  if (lifi?.baseUrl) {
    venues.push(
      createLifiVenue({
        baseUrl: lifi.baseUrl,
        apiKey: lifi.apiKey,
        integrator: lifi.integrator,
        serviceFeeBps: lifi.serviceFeeBps ?? 30,
        feeSharePercent: lifi.feeSharePercent,
        partners: options.partners,
        chainIds: lifi.chainIds,
        bridgeChainIds: lifi.bridgeChainIds,
      }),
    )
  }
  if (cow?.baseUrl) {
    venues.push(
      createCowVenue({
        ...cow,
        serviceFeeBps: cow.serviceFeeBps ?? 30,
        feeRecipient: cow.feeRecipient ?? options.serviceFeeRecipient,
        partnerFeeRecipient: cow.partnerFeeRecipient ?? options.partnerFeeRecipient,
        partners: options.partners,
      }),
    )
  }
  if (swapkit?.baseUrl && swapkit.apiKey) {
    venues.push(
      createSwapkitVenue({
        ...swapkit,
        apiKey: swapkit.apiKey,
        partners: options.partners,
        now: options.now,
      }),
    )
  }
  const rhdRpcUrl = options.rpcUrls?.RHD
  if (router?.routerAddress && rhdRpcUrl) {
    venues.push(
      createRouterVenue({
        rpcUrl: rhdRpcUrl,
        routerAddress: router.routerAddress,
        chainId: router.chainId,
        defaultSlippageBps: router.defaultSlippageBps,
      }),
    )
  }
  return venues
}
