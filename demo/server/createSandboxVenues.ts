import type { Config, Venue } from '../../api'
import { createVenues } from '../../api/venues/createVenues'
import type { WorldManifestDraft } from '../sandbox/worldManifest'

/**
 * The venue adapters of the sandbox: the same code as live, pointed at the simulators through the
 * sandbox config, with CoW's GPv2 contracts taken from the world (its vault relayer differs from
 * mainnet's) and the partner's CoW share paid to the world's partner fee recipient.
 *
 * @example
 * const venues = createSandboxVenues({ config, manifest: world.manifest })
 */
export function createSandboxVenues({
  config,
  manifest,
}: {
  config: Config
  manifest: WorldManifestDraft
}): Venue[] {
  const chains = Object.values(manifest.chains)
  const cowContracts = Object.fromEntries(
    chains.flatMap((chain) =>
      chain.contracts.gpv2Settlement && chain.contracts.gpv2VaultRelayer
        ? [
            [
              chain.chainId,
              {
                settlement: chain.contracts.gpv2Settlement as `0x${string}`,
                vaultRelayer: chain.contracts.gpv2VaultRelayer as `0x${string}`,
              },
            ],
          ]
        : [],
    ),
  )
  return createVenues({
    serviceFeeRecipient: config.SERVICE_FEE_RECIPIENT as `0x${string}` | undefined,
    partnerFeeRecipient: manifest.feeRecipients.partner as `0x${string}`,
    rpcUrls: Object.fromEntries(chains.map((chain) => [chain.symbol, chain.rpcUrl])),
    zerox: {
      baseUrl: config.ZEROX_BASE_URL,
      apiKey: config.ZEROX_API_KEY,
      serviceFeeBps: config.ZEROX_SERVICE_FEE_BPS,
    },
    lifi: {
      baseUrl: config.LIFI_BASE_URL,
      apiKey: config.LIFI_API_KEY,
      serviceFeeBps: config.LIFI_SERVICE_FEE_BPS,
    },
    cow: { baseUrl: config.COW_BASE_URL, serviceFeeBps: config.COW_SERVICE_FEE_BPS, contracts: cowContracts },
    router: { routerAddress: config.RHD_ROUTER_ADDRESS as `0x${string}` | undefined },
  })
}
