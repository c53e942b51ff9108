/** EIP-1193 and EIP-1474 error codes the sandbox wallet answers with. */
export const providerErrorCodes = {
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unrecognizedChain: 4902,
  invalidParams: -32602,
} as const

/**
 * An EIP-1193 `ProviderRpcError`: what a wallet's `request` rejects with, `code` being the standard
 * numeric code that callers (viem, the widget) branch on.
 *
 * @example
 * throw new ProviderRpcError({ code: providerErrorCodes.unrecognizedChain, message: 'Unrecognized chain 0x2a' })
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor({ code, message, data }: { code: number; message: string; data?: unknown }) {
    super(message)
    this.code = code
    this.data = data
  }
}
