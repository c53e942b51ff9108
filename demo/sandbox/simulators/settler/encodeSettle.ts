import { encodeFunctionData, type Address, type Hex } from 'viem'
import { sandboxSettlerAbi } from './sandboxSettlerAbi'

/**
 * A fee the settler pays on chain: `ppm` (parts per million) of the sell amount, or of the swap output
 * when `inBuyToken`. Parts per million carry both 0x's bps and LI.FI's decimal fractions exactly.
 */
export type SettlerFee = { recipient: Address; ppm: number; inBuyToken: boolean }

export type EncodeSettleParameters = {
  sellToken: Address
  buyToken: Address
  sellAmount: bigint
  minBuyAmount: bigint
  path: Address[]
  recipient: Address
  deadline: bigint
  fees: SettlerFee[]
}

/** Calldata of `SandboxSettler.settle` (opaque to clients, which send it unmodified). */
export function encodeSettle(order: EncodeSettleParameters): Hex {
  return encodeFunctionData({
    abi: sandboxSettlerAbi,
    functionName: 'settle',
    args: [{ ...order, fees: order.fees.map((fee) => ({ ...fee, ppm: BigInt(fee.ppm) })) }],
  })
}
