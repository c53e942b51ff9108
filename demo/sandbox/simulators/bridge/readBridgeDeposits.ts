import { decodeEventLog, decodeFunctionData, type Address, type Hex, type TransactionReceipt } from 'viem'
import type { ChainContext } from '../chainContext'
import { sameAddress } from '../pricing/sameAddress'
import type { BridgeTransfer } from './createBridgeTransferStore'
import { sandboxBridgeAbi } from './sandboxBridgeAbi'

/**
 * The bridge transfers a mined source transaction opened: one per `BridgeDeposited` log of `bridge`,
 * as pending transfers. What was sent (sell token and amount before fees) comes from the
 * transaction's `deposit` calldata; when the bridge was reached through another contract, from the
 * locked token and amount.
 */
export async function readBridgeDeposits({
  context,
  bridge,
  receipt,
}: {
  context: ChainContext
  bridge: Address
  receipt: TransactionReceipt
}): Promise<BridgeTransfer[]> {
  const deposits = receipt.logs.flatMap((log) => {
    if (!sameAddress(log.address, bridge)) return []
    try {
      const decoded = decodeEventLog({ abi: sandboxBridgeAbi, data: log.data, topics: log.topics })
      return decoded.eventName === 'BridgeDeposited' ? [decoded.args] : []
    } catch {
      return []
    }
  })
  if (deposits.length === 0) return []
  const [transaction, block] = await Promise.all([
    context.publicClient.getTransaction({ hash: receipt.transactionHash }),
    context.publicClient.getBlock({ blockNumber: receipt.blockNumber }),
  ])
  let sent: { token: Address; amount: bigint } | undefined
  if (transaction.to && sameAddress(transaction.to, bridge)) {
    try {
      const call = decodeFunctionData({ abi: sandboxBridgeAbi, data: transaction.input })
      if (call.functionName === 'deposit')
        sent = { token: call.args[0].sellToken, amount: call.args[0].sellAmount }
    } catch {
      // Not a deposit call: fall back to the locked amount below.
    }
  }
  return deposits.map((deposit) => ({
    status: 'PENDING',
    substatus: 'WAIT_DESTINATION_TRANSACTION',
    transferId: deposit.transferId as Hex,
    fromChainId: context.chainId,
    toChainId: Number(deposit.destinationChainId),
    fromAddress: deposit.sender,
    toAddress: deposit.recipient,
    sending: {
      txHash: receipt.transactionHash,
      chainId: context.chainId,
      token: sent?.token ?? deposit.token,
      amount: sent?.amount ?? deposit.amount,
      timestamp: Number(block.timestamp),
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.effectiveGasPrice,
    },
    locked: { token: deposit.token, amount: deposit.amount },
    destinationToken: deposit.destinationToken,
    amountOut: deposit.amountOut,
    minAmountOut: deposit.minAmountOut,
  }))
}
