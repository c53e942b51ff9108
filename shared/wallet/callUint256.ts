import type { SwapWallet } from './swapWallet'

/**
 * One `eth_call` through the wallet, on the chain it is on, read as a uint256 (`allowance`,
 * `balanceOf`). Throws for a `to` that is no address, when the wallet fails, or when the answer is not
 * a uint256 word (for example `0x` from an address without code).
 */
export async function callUint256({
  wallet,
  to,
  data,
  what,
}: {
  wallet: SwapWallet
  to: `0x${string}`
  data: `0x${string}`
  /** What is read, for the error: `allowance`, `balance`. */
  what: string
}): Promise<bigint> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new TypeError(`not an address: ${to}`)
  const answer = await wallet.request({ method: 'eth_call', params: [{ to, data }, 'latest'] })
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{64}/.test(answer)) {
    throw new TypeError(`not a uint256 ${what}: ${String(answer).slice(0, 80)}`)
  }
  return BigInt(answer.slice(0, 66))
}
