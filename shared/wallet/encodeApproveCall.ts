import { addressWord, uint256Word } from './abiWords'

/** `approve(address,uint256)`'s selector: the first four bytes of its signature's keccak-256. */
const APPROVE_SELECTOR = '0x095ea7b3'

export type EncodeApproveCallParameters = {
  spender: `0x${string}`
  /** Exact base units; never unlimited. */
  amount: bigint
}

/**
 * The calldata of ERC-20 `approve(spender, amount)`. Encoded by hand (selector, then each argument as
 * one 32-byte word) because viem's ABI encoder and keccak would be most of the wallet chunk the
 * widget downloads; the tests decode it with viem's `decodeFunctionData` and `erc20Abi`.
 *
 * @example
 * encodeApproveCall({ spender: '0x0000000000001ff3684f28c67538d4d072c22734', amount: 100_000_000n })
 */
export function encodeApproveCall({ spender, amount }: EncodeApproveCallParameters): `0x${string}` {
  return `${APPROVE_SELECTOR}${addressWord(spender)}${uint256Word(amount)}`
}
