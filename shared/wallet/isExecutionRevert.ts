/** EIP-1474's "execution reverted", as geth and anvil answer a failing `eth_estimateGas` or `eth_call`. */
const EXECUTION_REVERTED_CODE = 3

/**
 * True when an error, or any error in its `cause` chain, says the transaction would revert: the
 * wallet simulated it (estimating gas) and refused to send it. That is how a price move past the
 * quote's `minBuyAmount` usually surfaces, before any gas is spent. Wallets differ in codes, so
 * the message is read too.
 */
export function isExecutionRevert(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (code === EXECUTION_REVERTED_CODE) return true
    if (typeof message === 'string' && /execution reverted/i.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
