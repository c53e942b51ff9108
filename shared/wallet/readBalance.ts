import { addressWord } from './abiWords'
import { callUint256 } from './callUint256'
import type { SwapWallet } from './swapWallet'

/** `balanceOf(address)`'s selector: the first four bytes of its signature's keccak-256. */
const BALANCE_OF_SELECTOR = '0x70a08231'

/**
 * What `owner` holds, through the wallet, on the chain it is on: an ERC-20's `balanceOf` for `token`,
 * or the native coin without one. Throws when the answer is not a number.
 *
 * @example
 * await readBalance({ wallet, owner: wallet.account.address, token: usdc }) // 1000000000n
 */
export async function readBalance({
  wallet,
  owner,
  token,
}: {
  wallet: SwapWallet
  owner: `0x${string}`
  token?: `0x${string}` | undefined
}): Promise<bigint> {
  if (token !== undefined) {
    return callUint256({
      wallet,
      to: token,
      data: `${BALANCE_OF_SELECTOR}${addressWord(owner)}`,
      what: 'balance',
    })
  }
  const answer = await wallet.request({ method: 'eth_getBalance', params: [owner, 'latest'] })
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{1,64}/.test(answer)) {
    throw new TypeError(`not a balance: ${String(answer).slice(0, 80)}`)
  }
  return BigInt(answer)
}
