import type { Config } from './config'

/** Whether one venue can run with this config, and if not, the settings it lacks. */
export type VenueStatus = { id: string; name: string; enabled: boolean; missing: string[] }

const requirements: readonly { id: string; name: string; needs: readonly (keyof Config)[] }[] = [
  { id: '0x', name: '0x Swap API', needs: ['ZEROX_BASE_URL', 'ZEROX_API_KEY'] },
  { id: 'lifi', name: 'LI.FI', needs: ['LIFI_BASE_URL'] },
  { id: 'cow', name: 'CoW Protocol', needs: ['COW_BASE_URL'] },
  {
    id: 'swapkit',
    name: 'SwapKit routing provider (THORChain memo routes)',
    needs: ['SWAPKIT_BASE_URL', 'SWAPKIT_API_KEY'],
  },
  { id: 'router', name: 'RHD direct router', needs: ['RPC_URL_RHD', 'RHD_ROUTER_ADDRESS'] },
]

/**
 * Lists each venue with whether its config is complete and, if not, which settings it lacks
 * (`npm run serve` prints this at start; a venue without its config is disabled, never faked).
 *
 * @example
 * describeVenues(loadConfig({})) // [{ id: '0x', enabled: false, missing: ['ZEROX_API_KEY'] }, …]
 */
export function describeVenues(config: Config): VenueStatus[] {
  return requirements.map(({ id, name, needs }) => {
    const missing = needs.filter((key) => config[key] === undefined)
    return { id, name, enabled: missing.length === 0, missing }
  })
}

/** The lines `npm run serve` prints for `describeVenues`. */
export function formatVenueStatus(statuses: readonly VenueStatus[]): string[] {
  return statuses.map((status) =>
    status.enabled
      ? `venue ${status.id} (${status.name}): configured (enabled once it answers the start-up check)`
      : `venue ${status.id} (${status.name}): disabled, missing ${status.missing.join(', ')}`,
  )
}
