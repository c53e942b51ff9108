import { encodeFunctionData, type Address, type Hex } from 'viem'
import { sandboxBridgeAbi } from './sandboxBridgeAbi'

/** One integrator fee the bridge pays from the input: `ppm` parts per million of the sell amount. */
export type BridgeFee = { recipient: Address; ppm: number }

export type EncodeBridgeDepositParameters = {
  /** `0xEeee…` for the native coin. */
  sellToken: Address
  sellAmount: bigint
  /** Empty to bridge the sell token as is; else a V2 path into the bridged token. */
  path: Address[]
  minBridgeAmount: bigint
  destinationChainId: number
  /** `0xEeee…` for the native coin. */
  destinationToken: Address
  recipient: Address
  amountOut: bigint
  minAmountOut: bigint
  deadline: bigint
  fees: BridgeFee[]
}

/** Calldata of `SandboxBridge.deposit` (opaque to clients, which send it unmodified). */
export function encodeBridgeDeposit(order: EncodeBridgeDepositParameters): Hex {
  return encodeFunctionData({
    abi: sandboxBridgeAbi,
    functionName: 'deposit',
    args: [
      {
        ...order,
        destinationChainId: BigInt(order.destinationChainId),
        fees: order.fees.map((fee) => ({ recipient: fee.recipient, ppm: BigInt(fee.ppm) })),
      },
    ],
  })
}
