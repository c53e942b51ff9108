import type { Address, Hex } from 'viem'

/** One leg of a bridge transfer as it happened on chain. Tokens use `0xEeee…` for the native coin. */
export type BridgeLeg = {
  txHash: Hex
  chainId: number
  token: Address
  amount: bigint
  /** Unix seconds of the block. */
  timestamp: number
  gasUsed: bigint
  gasPrice: bigint
}

/** LI.FI's status words for a cross-chain transfer. */
export type BridgeTransferStatus =
  | { status: 'PENDING'; substatus: 'WAIT_DESTINATION_TRANSACTION' | 'REFUND_IN_PROGRESS' }
  | { status: 'DONE'; substatus: 'COMPLETED' | 'REFUNDED' }
  | { status: 'FAILED'; substatus: 'UNKNOWN_FAILED_ERROR' }

/** A transfer the sandbox bridge took in: the source deposit and, once settled, the receiving leg. */
export type BridgeTransfer = BridgeTransferStatus & {
  transferId: Hex
  fromChainId: number
  toChainId: number
  fromAddress: Address
  toAddress: Address
  /** What the sender sent (the sell token and amount of the deposit call, before fees). */
  sending: BridgeLeg
  /** The locked token and amount (after fees and the optional source swap). */
  locked: { token: Address; amount: bigint }
  destinationToken: Address
  amountOut: bigint
  minAmountOut: bigint
  /** The delivery on the destination chain, or the refund on the source chain. */
  receiving?: BridgeLeg
  /** Why a transfer was refunded or failed (for the status' `substatusMessage`). */
  reason?: string
}

/** The relayer's record of transfers, looked up by either leg's transaction hash. */
export type BridgeTransferStore = {
  /** Records a transfer once (a second call with the same `transferId` keeps the first). */
  add(transfer: BridgeTransfer): BridgeTransfer
  update(transferId: Hex, patch: Partial<BridgeTransfer>): void
  /** The transfer whose source deposit or receiving transaction is `txHash`. */
  findByTxHash(txHash: string): BridgeTransfer | undefined
  list(): BridgeTransfer[]
}

/** An in-memory `BridgeTransferStore` (the sandbox forgets transfers when it stops). */
export function createBridgeTransferStore(): BridgeTransferStore {
  const byId = new Map<string, BridgeTransfer>()
  const byTxHash = new Map<string, string>()
  return {
    add(transfer) {
      const existing = byId.get(transfer.transferId)
      if (existing) return existing
      byId.set(transfer.transferId, transfer)
      byTxHash.set(transfer.sending.txHash.toLowerCase(), transfer.transferId)
      return transfer
    },
    update(transferId, patch) {
      const existing = byId.get(transferId)
      if (!existing) return
      const next = { ...existing, ...patch } as BridgeTransfer
      byId.set(transferId, next)
      if (next.receiving) byTxHash.set(next.receiving.txHash.toLowerCase(), transferId)
    },
    findByTxHash(txHash) {
      const id = byTxHash.get(txHash.toLowerCase())
      return id === undefined ? undefined : byId.get(id)
    },
    list: () => [...byId.values()],
  }
}
