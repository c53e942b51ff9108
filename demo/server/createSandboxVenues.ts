import type { Config, Venue } from '../../api'
import { createVenuesFromConfig } from '../../api/venues/createVenuesFromConfig'
import type { WorldManifestDraft } from '../sandbox/worldManifest'

/**
 * The venue adapters of the sandbox: the same code and the same config mapping as live
 * (`createVenuesFromConfig`), pointed at the simulators through the sandbox config, with CoW's GPv2
 * contracts taken from the world.
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
  const cowContracts = Object.fromEntries(
    Object.values(manifest.chains).flatMap((chain) =>
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
  return createVenuesFromConfig({ config, cowContracts })
}
