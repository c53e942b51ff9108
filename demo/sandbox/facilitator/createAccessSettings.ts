import type { WorldManifestDraft } from '../worldManifest'
import { sandboxAccessRoles } from './sandboxAccessRoles'

export type CreateAccessSettingsParameters = {
  manifest: Pick<WorldManifestDraft, 'chains' | 'accounts'>
  /** `startFacilitator(...).url`. */
  facilitatorUrl: string
  /** The URL the API is reached at (the holder-pass message binds its host). */
  publicHost: string
}

/**
 * The API settings (environment names, as `loadConfig` takes them) that switch on both `/access`
 * flows in the sandbox: the local facilitator, the payee, the holder pass on Base and its RPC, the
 * public host. `ACCESS_TOKEN_SECRET` is not among them: the sandbox config makes a fresh one per start.
 *
 * @example
 * loadConfig({ ...otherSettings, ...createAccessSettings({ manifest, facilitatorUrl, publicHost }) })
 */
export function createAccessSettings({
  manifest,
  facilitatorUrl,
  publicHost,
}: CreateAccessSettingsParameters): Record<string, string> {
  const base = manifest.chains.BASE
  const payTo = manifest.accounts[sandboxAccessRoles.payTo]?.address
  if (!base?.contracts.holderPass || !payTo)
    throw new Error('createAccessSettings: the world has no BASE pass')
  return {
    PUBLIC_HOST: publicHost,
    X402_FACILITATOR_URL: facilitatorUrl,
    X402_PAY_TO: payTo,
    HOLDER_PASS_CHAIN: 'BASE',
    HOLDER_PASS_CONTRACT: base.contracts.holderPass,
    RPC_URL_BASE: base.rpcUrl,
  }
}
