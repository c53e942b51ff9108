import type { Address } from 'viem'

/**
 * LI.FI's own wallet in the sandbox, where its share of integrator fees goes (a fixed address nobody
 * holds a key for: the share is simply gone from the integrator's point of view, as it is live).
 */
export const SANDBOX_LIFI_FEE_WALLET: Address = '0x00000000000000000000000000000000001f1f1f'

/**
 * LI.FI's share of collected integrator fees in the sandbox, percent. Live it is agreed per integrator:
 * "LI.FI will receive a percentage share of the collected fees depending on the use case and volume"
 * (docs.li.fi, "Monetizing the integration"); each quote states it in `feeCosts[].feeSplit`.
 */
export const SANDBOX_LIFI_FEE_SHARE_PERCENT = 25

/** The integrator fee as the contract takes it: one transfer to the integrator, one to LI.FI. */
export type IntegratorFeeSplit = {
  integrator: { recipient: Address; ppm: number }
  lifi: { recipient: Address; ppm: number }
}

/** Splits `fee` (ppm of `fromAmount`) into LI.FI's share (rounded down) and the integrator's rest. */
export function splitIntegratorFee({
  feeWallet,
  feePpm,
  lifiSharePercent = SANDBOX_LIFI_FEE_SHARE_PERCENT,
}: {
  feeWallet: Address
  feePpm: number
  lifiSharePercent?: number
}): IntegratorFeeSplit {
  const lifiPpm = Math.floor((feePpm * lifiSharePercent) / 100)
  return {
    integrator: { recipient: feeWallet, ppm: feePpm - lifiPpm },
    lifi: { recipient: SANDBOX_LIFI_FEE_WALLET, ppm: lifiPpm },
  }
}

/** `amount × ppm / 10^6`, rounded down, as the contracts compute each fee transfer. */
export function feeOf(amount: bigint, ppm: number): bigint {
  return (amount * BigInt(ppm)) / 1_000_000n
}
