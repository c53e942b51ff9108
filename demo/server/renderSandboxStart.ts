/** The `id` of the element that carries the sandbox wallet's start in the demo page. */
export const SANDBOX_START_ID = 'sandbox-start'

/**
 * What the demo page needs before its first quote: the demo account and the chain the wallet starts on;
 * and, for the partner page's report commands, this sandbox's quote log as `--log` takes it.
 */
export type SandboxStart = { address: string; chainId: number; quoteLog?: string }

/**
 * The demo page's sandbox wallet start as an inline JSON block for the page's `<head>`: the demo
 * account (the manifest's first) and the chain its wallet starts on (the manifest's first). The page
 * reads it as its script starts, so the widget's first quote is the account's without waiting for
 * `world.json` to arrive and be parsed. `<` is escaped so the JSON cannot close the element.
 *
 * @example
 * renderSandboxStart({ manifest: world.manifest }) // '<script type="application/json" id="sandbox-start">{"address":"0xf39F…","chainId":1}</script>'
 */
export function renderSandboxStart({
  manifest,
  quoteLog,
}: {
  manifest: { accounts: readonly { address: string }[]; chains: Record<string, { chainId: number }> }
  /** The quote log's path, as a command run from the repository reads it. */
  quoteLog?: string
}): string {
  const address = manifest.accounts[0]?.address
  const chainId = Object.values(manifest.chains)[0]?.chainId
  if (!address || chainId === undefined) return ''
  const start: SandboxStart = { address, chainId, ...(quoteLog ? { quoteLog } : {}) }
  const json = JSON.stringify(start).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${SANDBOX_START_ID}">${json}</script>`
}
