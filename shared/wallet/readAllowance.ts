import { addressWord } from './abiWords'
import { callUint256 } from './callUint256'
import type { SwapWallet } from './swapWallet'

/** `allowance(address,address)`'s selector: the first four bytes of its signature's keccak-256. */
const ALLOWANCE_SELECTOR = '0xdd62ed3e'

export type ReadAllowanceParameters = {
  wallet: SwapWallet
  /** The ERC-20 contract. */
  token: `0x${string}`
  owner: `0x${string}`
  spender: `0x${string}`
}

/**
 * Reads ERC-20 `allowance(owner, spender)` in base units with `eth_call` through the wallet, on the
 * chain the wallet is on (check it first). Encoded by hand (`abiWords`). Throws when the wallet fails or the
 * answer is not a uint256 word (for example `0x` from an address without code).
 *
 * @example
 * const allowance = await readAllowance({ wallet, token: approval.token, owner, spender: approval.spender })
 */
export async function readAllowance({
  wallet,
  token,
  owner,
  spender,
}: ReadAllowanceParameters): Promise<bigint> {
  return callUint256({
    wallet,
    to: token,
    data: `${ALLOWANCE_SELECTOR}${addressWord(owner)}${addressWord(spender)}`,
    what: 'allowance',
  })
}
