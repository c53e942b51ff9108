import { padHex } from 'viem'
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
 * chain the wallet is on (check it first). Encoded by hand for the same reason as `encodeApproveCall`
 * (viem's ABI coder would dominate the widget's wallet chunk). Throws when the wallet fails or the
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
  for (const address of [token, owner, spender]) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`not an address: ${address}`)
  }
  const word = (address: `0x${string}`) =>
    padHex(address.toLowerCase() as `0x${string}`, { size: 32 }).slice(2)
  const answer = await wallet.request({
    method: 'eth_call',
    params: [{ to: token, data: `${ALLOWANCE_SELECTOR}${word(owner)}${word(spender)}` }, 'latest'],
  })
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{64}/.test(answer)) {
    throw new TypeError(`not a uint256 allowance: ${String(answer).slice(0, 80)}`)
  }
  return BigInt(answer.slice(0, 66))
}
