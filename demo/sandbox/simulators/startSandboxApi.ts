import type { TestSandbox } from './startTestSandbox'
import { loadConfig } from '../../../api/config'
import { silentLogger } from '../../../api/logging/logger'
import { startApiServer, type ApiServer } from '../../../api/server'
import { createVenuesFromConfig } from '../../../api/venues/createVenuesFromConfig'

/**
 * The API on a free port with its real adapters pointed at a test sandbox's 0x, LI.FI and CoW
 * simulators on its Ethereum chain (tests only).
 *
 * @example
 * const sandbox = await startTestSandbox({ chains: ['ETH'], zeroxApiKey })
 * const server = await startSandboxApi({ sandbox, zeroxApiKey, deadlineMs: 800 })
 */
export async function startSandboxApi({
  sandbox,
  zeroxApiKey,
  deadlineMs,
}: {
  sandbox: TestSandbox
  zeroxApiKey: string
  deadlineMs: number
}): Promise<ApiServer> {
  const { manifest } = sandbox.world
  const eth = manifest.chains.ETH!.contracts
  const config = loadConfig({
    PORT: '0',
    QUOTE_DEADLINE_MS: String(deadlineMs),
    ZEROX_BASE_URL: sandbox.simulators.zeroxUrl,
    ZEROX_API_KEY: zeroxApiKey,
    LIFI_BASE_URL: sandbox.simulators.lifiUrl,
    LIFI_INTEGRATOR: 'swap-quote',
    COW_BASE_URL: sandbox.simulators.cowUrl,
    SERVICE_FEE_RECIPIENT: manifest.feeRecipients.service,
    // Pasted token addresses (the lookalike, the fee-on-transfer token) are read from the sandbox chain.
    RPC_URL_ETH: manifest.chains.ETH!.rpcUrl,
    // With RHD in the world, its direct router venue too, on the chain's own Uniswap V2 contracts.
    ...(manifest.chains.RHD && {
      RPC_URL_RHD: manifest.chains.RHD.rpcUrl,
      RHD_ROUTER_ADDRESS: manifest.chains.RHD.contracts.uniswapV2Router as string,
    }),
  })
  const venues = createVenuesFromConfig({
    config,
    cowContracts: {
      1: {
        settlement: eth.gpv2Settlement as `0x${string}`,
        vaultRelayer: eth.gpv2VaultRelayer as `0x${string}`,
      },
    },
  })
  return startApiServer({ config, venues, logger: silentLogger })
}
