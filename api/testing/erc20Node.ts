import type { Hex } from 'viem'
import { decodeFunctionData, encodeFunctionResult, erc20Abi, getAddress, pad, stringToHex } from 'viem'
import type { JsonRpcAnswer, JsonRpcCall } from './startJsonRpcNode'

/** The ERC-20 reads a token stand-in answers; a missing one answers as a contract without it would. */
export type Erc20Answers = Partial<Record<'decimals' | 'symbol' | 'name', JsonRpcAnswer>>

/** JSON-RPC answers nodes give, for tests of how each is classified. */
export const rpcAnswers = {
  /** anvil and geth on a revert with data. */
  reverted: { error: { code: 3, message: 'execution reverted', data: '0x' } },
  /** geth on an empty revert (a missing function without fallback). */
  revertedEmpty: { error: { code: -32000, message: 'execution reverted' } },
  limitExceeded: { error: { code: -32005, message: 'limit exceeded' } },
  internalError: { error: { code: -32603, message: 'internal error' } },
  serverError: { status: 500, body: 'Internal Server Error' },
} as const satisfies Record<string, JsonRpcAnswer>

/** `decimals()` as a `uint8`. */
export const decimalsResult = (decimals: number): JsonRpcAnswer => ({
  result: encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: decimals }),
})

/** `symbol()` or `name()` as an ABI `string`. */
export const stringResult = (text: string): JsonRpcAnswer => ({
  result: encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: text }),
})

/** `symbol()` or `name()` as a `bytes32`, as MKR answers them. */
export const bytes32Result = (text: string): JsonRpcAnswer => ({
  result: pad(stringToHex(text), { dir: 'right', size: 32 }),
})

/**
 * A `startJsonRpcNode` answer for ERC-20 reads (tests only): `eth_call` to a contract of `tokens`
 * answers from its entry, to any other address with empty data (no code there), and every other
 * method with `eth_chainId`'s `0x1`.
 */
export function erc20Node(tokens: Record<string, Erc20Answers>) {
  const byAddress = new Map(
    Object.entries(tokens).map(([address, answers]) => [getAddress(address), answers]),
  )
  return (call: JsonRpcCall): JsonRpcAnswer => {
    if (call.method !== 'eth_call') return { result: '0x1' }
    const { to, data } = call.params[0] as { to: Hex; data: Hex }
    const answers = byAddress.get(getAddress(to))
    if (!answers) return { result: '0x' }
    const { functionName } = decodeFunctionData({ abi: erc20Abi, data })
    return answers[functionName as keyof Erc20Answers] ?? rpcAnswers.revertedEmpty
  }
}
