import type { Context } from 'hono'
import { decodeEventLog, type Address, type Hex, type TransactionReceipt } from 'viem'
import type { BridgeRelayer } from '../bridge/createBridgeRelayer'
import type { BridgeLeg, BridgeTransfer, BridgeTransferStore } from '../bridge/createBridgeTransferStore'
import type { ChainContext } from '../chainContext'
import { isNativePlaceholder, NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { readTokenInfo } from '../pricing/readTokenInfo'
import { sameAddress } from '../pricing/sameAddress'
import { sandboxSettlerAbi } from '../settler/sandboxSettlerAbi'
import { SANDBOX_BRIDGE_TOOL } from './buildBridgeStep'
import { lifiError, lifiErrorCode } from './lifiError'
import { toLifiToken, toLifiUsd } from './toLifiToken'

/**
 * How `/v1/status` answers a hash it cannot find on any chain; LI.FI has shipped both: `status` is
 * 200 with `status: NOT_FOUND`, `error` is 404 with code 1003.
 */
export type LifiUnknownStatusAnswer = 'status' | 'error'

export type CreateLifiStatusHandlerParameters = {
  /** Resolves `fromChain`/`toChain` (an id or a LI.FI key) to a served chain. */
  resolveChain: (value: string) => ChainContext | undefined
  /** Every served chain, searched when `fromChain` is absent. */
  chains: () => ChainContext[]
  settlers: Map<number, Address>
  bridge?: { relayer: BridgeRelayer; store: BridgeTransferStore; contracts: Map<number, Address> }
  unknownHash: LifiUnknownStatusAnswer
}

const substatusMessages: Record<BridgeTransfer['substatus'], string> = {
  WAIT_DESTINATION_TRANSACTION: 'The bridge is waiting for the destination transaction.',
  REFUND_IN_PROGRESS: "The refund has been requested and it's being processed.",
  COMPLETED: 'The transfer is complete.',
  REFUNDED: 'The tokens were refunded to the sender address.',
  UNKNOWN_FAILED_ERROR: 'The transfer failed.',
}

/**
 * LI.FI's `GET /v1/status?txHash=…&fromChain=…&toChain=…&bridge=…`, in the shapes of @lifi/types'
 * `StatusResponse` (`FullStatusData`, `StatusData` with `receiving: { chainId }` while pending,
 * `FailedStatusData`), following the sandbox bridge as it really goes. A bridge deposit is `PENDING`
 * (`WAIT_DESTINATION_TRANSACTION`) until the relayer delivered, then `DONE`/`COMPLETED` with
 * `sending` and `receiving` (or `DONE`/`REFUNDED` with the refund as `receiving`); the delivery's
 * hash finds the same transfer. A same-chain swap through the LI.FI settler is `DONE` at once, a
 * reverted one `FAILED`, any other mined transaction `INVALID`. A malformed hash is 400 code 1011.
 */
export function createLifiStatusHandler({
  resolveChain,
  chains,
  settlers,
  bridge,
  unknownHash,
}: CreateLifiStatusHandlerParameters) {
  return async (c: Context) => {
    const query = c.req.query()
    const txHash = query.txHash ?? query.transactionId
    if (!txHash) {
      return c.json(
        lifiError({
          message: "/txHash must have required property 'txHash'",
          code: lifiErrorCode.validation,
        }),
        400,
      )
    }
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) {
      return c.json(lifiError({ message: '/txHash Not a valid txHash', code: lifiErrorCode.validation }), 400)
    }
    const contexts: ChainContext[] = []
    for (const field of ['fromChain', 'toChain'] as const) {
      const value = query[field]
      if (value === undefined || value === '') continue
      const context = resolveChain(value)
      if (!context) {
        return c.json(
          lifiError({
            message: `/${field} must be equal to one of the allowed values`,
            code: lifiErrorCode.validation,
          }),
          400,
        )
      }
      contexts.push(context)
    }
    const hash = txHash as Hex
    const known = bridge?.store.findByTxHash(hash)
    if (known) return c.json(await describeTransfer(known))

    const candidates = contexts.length > 0 ? [contexts[0]!] : chains()
    for (const context of candidates) {
      const tracked = bridge
        ? await bridge.relayer.track({ chainId: context.chainId, txHash: hash })
        : await readReceipt(context, hash)
      if (!tracked.found) continue
      const transfer = tracked.transfers[0]
      if (transfer) return c.json(await describeTransfer(bridge!.store.findByTxHash(hash) ?? transfer))
      return c.json(await describeReceipt(context, tracked.receipt))
    }
    if (unknownHash === 'error') {
      return c.json(lifiError({ message: 'Transaction hash is not found in any chain.', code: 1003 }), 404)
    }
    return c.json({ status: 'NOT_FOUND', ...(query.bridge ? { tool: query.bridge } : {}) })
  }

  async function describeTransfer(transfer: BridgeTransfer) {
    const from = chains().find((context) => context.chainId === transfer.fromChainId)!
    const to = chains().find((context) => context.chainId === transfer.toChainId)
    const receivingContext = transfer.substatus === 'REFUNDED' ? from : to
    return {
      transactionId: transfer.transferId,
      sending: await describeLeg(from, transfer.sending),
      receiving:
        transfer.receiving && receivingContext
          ? await describeLeg(receivingContext, transfer.receiving)
          : { chainId: transfer.toChainId },
      lifiExplorerLink: '',
      fromAddress: transfer.fromAddress,
      toAddress: transfer.toAddress,
      tool: SANDBOX_BRIDGE_TOOL.key,
      status: transfer.status,
      substatus: transfer.substatus,
      substatusMessage: transfer.reason ?? substatusMessages[transfer.substatus],
      feeCosts: [],
    }
  }

  async function describeReceipt(context: ChainContext, receipt: TransactionReceipt) {
    const settler = settlers.get(context.chainId)
    const toSettler = settler !== undefined && receipt.to !== null && sameAddress(receipt.to, settler)
    const toBridge =
      receipt.to !== null && bridge?.contracts.get(context.chainId) !== undefined
        ? sameAddress(receipt.to, bridge.contracts.get(context.chainId)!)
        : false
    if (receipt.status !== 'success' && (toSettler || toBridge)) {
      // @lifi/types `FailedStatusData`: the status words and the sending transaction.
      return {
        transactionId: receipt.transactionHash,
        sending: { txHash: receipt.transactionHash, chainId: context.chainId, txLink: '' },
        ...(toBridge ? { tool: SANDBOX_BRIDGE_TOOL.key } : {}),
        status: 'FAILED',
        substatus: 'UNKNOWN_FAILED_ERROR',
        substatusMessage: 'The transaction reverted on the source chain.',
      }
    }
    const settled = settler
      ? receipt.logs
          .filter((log) => sameAddress(log.address, settler))
          .flatMap((log) => {
            try {
              const decoded = decodeEventLog({ abi: sandboxSettlerAbi, data: log.data, topics: log.topics })
              return decoded.eventName === 'Settled' ? [decoded.args] : []
            } catch {
              return []
            }
          })[0]
      : undefined
    if (!settled) {
      return {
        status: 'INVALID',
        substatusMessage: 'The transaction is not a LI.FI transfer.',
      }
    }
    const block = await context.publicClient.getBlock({ blockNumber: receipt.blockNumber })
    const leg = (token: Address, amount: bigint): BridgeLeg => ({
      txHash: receipt.transactionHash,
      chainId: context.chainId,
      token,
      amount,
      timestamp: Number(block.timestamp),
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.effectiveGasPrice,
    })
    return {
      transactionId: receipt.transactionHash,
      sending: await describeLeg(context, leg(settled.sellToken, settled.sellAmount)),
      receiving: await describeLeg(context, leg(settled.buyToken, settled.buyAmount)),
      lifiExplorerLink: '',
      fromAddress: settled.taker,
      toAddress: settled.recipient,
      tool: 'uniswap',
      status: 'DONE',
      substatus: 'COMPLETED',
      substatusMessage: substatusMessages.COMPLETED,
      feeCosts: [],
    }
  }
}

async function readReceipt(
  context: ChainContext,
  hash: Hex,
): Promise<{ found: false } | { found: true; receipt: TransactionReceipt; transfers: BridgeTransfer[] }> {
  try {
    return { found: true, receipt: await context.publicClient.getTransactionReceipt({ hash }), transfers: [] }
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return { found: false }
    throw error
  }
}

/** One leg in LI.FI's status shape: hash, chain, amount and token, and the gas paid in the native coin. */
async function describeLeg(context: ChainContext, leg: BridgeLeg) {
  const [token, gasToken] = await Promise.all([
    readTokenInfo({ context, token: isNativePlaceholder(leg.token) ? NATIVE_PLACEHOLDER : leg.token }),
    readTokenInfo({ context, token: NATIVE_PLACEHOLDER }),
  ])
  const gasAmount = leg.gasUsed * leg.gasPrice
  return {
    txHash: leg.txHash,
    txLink: '',
    chainId: leg.chainId,
    amount: String(leg.amount),
    ...(token
      ? {
          token: toLifiToken({ context, info: token }),
          amountUSD: toLifiUsd({ context, info: token, amount: leg.amount }),
        }
      : {}),
    gasPrice: String(leg.gasPrice),
    gasUsed: String(leg.gasUsed),
    gasToken: toLifiToken({ context, info: gasToken! }),
    gasAmount: String(gasAmount),
    gasAmountUSD: toLifiUsd({ context, info: gasToken!, amount: gasAmount }),
    timestamp: leg.timestamp,
  }
}
