import { BaseError, HttpRequestError, ResponseBodyTooLargeError, RpcRequestError, TimeoutError } from 'viem'

/** Why a token read failed: the contract does not answer as an ERC-20, or the node failed us. */
export type TokenReadFailure = 'notErc20' | 'upstream'

// What nodes say when the call itself failed inside the EVM: a revert (geth's code 3 or -32000, hardhat's
// -32603 "reverted") or another exceptional halt of the contract's code. Anything else is about the node.
const executionFailurePattern = /revert|invalid opcode|invalid jump|stack (?:underflow|overflow)|out of gas/i
const EXECUTION_REVERTED_CODE = 3

/**
 * Classifies a failed `eth_call` to an unlisted token. `notErc20` only when the contract answered
 * and its answer rules it out: the call reverted or halted, or the data could not be decoded (no
 * code at the address answers empty data). A transport failure, a timeout, an HTTP error and any
 * other JSON-RPC error (`-32005` limit exceeded, `-32603` internal error, even when viem reads it
 * as a revert) is `upstream`: it says nothing about the token. So is anything unrecognised.
 */
export function classifyTokenReadError(error: unknown): TokenReadFailure {
  if (!(error instanceof BaseError)) return 'upstream'
  const transport = error.walk(
    (cause) =>
      cause instanceof HttpRequestError ||
      cause instanceof TimeoutError ||
      cause instanceof ResponseBodyTooLargeError,
  )
  if (transport) return 'upstream'
  const rpc = error.walk((cause) => cause instanceof RpcRequestError)
  if (rpc instanceof RpcRequestError) {
    // A JSON-RPC error in a non-2xx answer is the node's (or its gateway's) failure, whatever it says.
    if (rpc.status !== undefined && rpc.status >= 400) return 'upstream'
    const halted = rpc.code === EXECUTION_REVERTED_CODE || executionFailurePattern.test(rpc.details)
    return halted ? 'notErc20' : 'upstream'
  }
  // No error from the node: viem failed on the data it answered (empty, or not the ABI's shape).
  return 'notErc20'
}
