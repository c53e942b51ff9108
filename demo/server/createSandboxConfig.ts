import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig, type Config } from '../../api'
import { devAccountRoles, getDevAddress } from '../sandbox/devAccounts'
import type { WorldManifestDraft } from '../sandbox/worldManifest'

export type CreateSandboxConfigParameters = {
  manifest: WorldManifestDraft
  /** The simulators' base URLs (`startSimulators`). */
  simulators: { zeroxUrl: string; lifiUrl: string; cowUrl: string }
  /** The 0x key the 0x simulator was started with. */
  zeroxApiKey: string
  /** The routing-provider simulator (`startCrossChain`) and the key it accepts; without it no swapkit venue. */
  swapkit?: { url: string; apiKey: string }
  /** The sandbox THORChain's THORNode and Midgard (`startCrossChain`), which `/status` follows THORChain swaps through. */
  thorchain?: { thornodeUrl: string; midgardUrl: string }
  port: number
  host: string
  quoteLogPath: string
  /** The sandbox's partner registry (`writeSandboxPartnerRegistry`); without it every partner settles off-chain. */
  partnerRegistryPath?: string
  /** Defaults to 32 fresh random bytes, so a grant never outlives the sandbox that minted it. */
  accessTokenSecret?: string
  /**
   * The `/access` settings of the local facilitator (`createAccessSettings`: facilitator URL, payee,
   * holder pass, public host); without them `/access` answers 503 `NOT_CONFIGURED`.
   */
  accessSettings?: Record<string, string>
}

/** The demo page's partner, registered in the sandbox with a payout address (paid on chain by 0x). */
export const SANDBOX_REGISTERED_PARTNER = 'demo-partner'
/** A second registered partner, whose fee is capped at 20 bps whatever it asks for. */
export const SANDBOX_CAPPED_PARTNER = 'capped-partner'

/**
 * Writes the sandbox's partner registry: the demo's partner, paid at its own wallet (never
 * `PARTNER_FEE_RECIPIENT`, where fees owed to unregistered partners arrive), with the contract's 100
 * bps cap; and a partner capped at 20 bps, at a wallet of its own. Returns its path.
 */
export function writeSandboxPartnerRegistry({
  manifest,
  sandboxDir,
}: {
  manifest: WorldManifestDraft
  sandboxDir: string
}): string {
  const path = join(sandboxDir, 'partners.json')
  const partners = [
    {
      id: SANDBOX_REGISTERED_PARTNER,
      payoutAddress: manifest.feeRecipients.registeredPartner,
      maxFeeBps: 100,
    },
    {
      id: SANDBOX_CAPPED_PARTNER,
      payoutAddress: getDevAddress(devAccountRoles.cappedPartnerPayout),
      maxFeeBps: 20,
    },
  ]
  writeFileSync(path, `${JSON.stringify({ partners }, null, 2)}\n`)
  return path
}

/** The service's THORName in the sandbox's memo affiliate split. */
export const SANDBOX_THORCHAIN_AFFILIATE = 'sq'

/**
 * The API's config for the sandbox, built in code from the running world: every venue's base URL is
 * its simulator's, every RPC URL an anvil's, the service fee goes to the world's service recipient,
 * the RHD router is the world's Uniswap V2 router, memo routes split their affiliate fee with the
 * service's THORName `sq`, 0x's service fee is 15 bps (so every fee path
 * shows in the quote log), and `/access` sells grants through the local x402 facilitator.
 *
 * @example
 * const config = createSandboxConfig({ manifest: world.manifest, simulators, zeroxApiKey, port: 8787, host: '127.0.0.1', quoteLogPath })
 */
export function createSandboxConfig({
  manifest,
  simulators,
  zeroxApiKey,
  swapkit,
  thorchain,
  port,
  host,
  quoteLogPath,
  partnerRegistryPath,
  accessTokenSecret = randomBytes(32).toString('hex'),
  accessSettings = {},
}: CreateSandboxConfigParameters): Config {
  const rpcUrls = Object.fromEntries(
    Object.values(manifest.chains).map((chain) => [`RPC_URL_${chain.symbol}`, chain.rpcUrl]),
  )
  const base = manifest.chains.BASE
  return loadConfig({
    PORT: String(port),
    HOST: host,
    LOG_LEVEL: 'warn',
    QUOTE_LOG_PATH: quoteLogPath,
    SERVICE_FEE_RECIPIENT: manifest.feeRecipients.service,
    PARTNER_FEE_RECIPIENT: manifest.feeRecipients.partner,
    PARTNER_REGISTRY_PATH: partnerRegistryPath,
    ZEROX_BASE_URL: simulators.zeroxUrl,
    ZEROX_API_KEY: zeroxApiKey,
    ZEROX_SERVICE_FEE_BPS: '15',
    LIFI_BASE_URL: simulators.lifiUrl,
    // The simulator's LI.FI has a fee wallet registered for this id, as the partner portal would.
    LIFI_INTEGRATOR: 'swap-quote',
    COW_BASE_URL: simulators.cowUrl,
    SWAPKIT_BASE_URL: swapkit?.url,
    SWAPKIT_API_KEY: swapkit?.apiKey,
    THORCHAIN_AFFILIATE: SANDBOX_THORCHAIN_AFFILIATE,
    THORNODE_URL: thorchain?.thornodeUrl,
    MIDGARD_URL: thorchain?.midgardUrl,
    // The routing provider carries partner fees too (an addition the operator switches on), so the race
    // compares venues that all collect the partner's fee: the service's 20 bps plus the partner's.
    SWAPKIT_AFFILIATE_FEE_BPS: '20',
    SWAPKIT_PARTNER_FEES: 'true',
    ...rpcUrls,
    RHD_ROUTER_ADDRESS: manifest.chains.RHD?.contracts.uniswapV2Router,
    ACCESS_TOKEN_SECRET: accessTokenSecret,
    HOLDER_PASS_CONTRACT: base?.contracts.holderPass,
    HOLDER_PASS_CHAIN: 'BASE',
    ...accessSettings,
  })
}
