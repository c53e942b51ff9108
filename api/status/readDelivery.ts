import { toEventSelector } from 'viem'
import type { ChainLog, ChainReader, ChainReceipt } from './createChainReader'

/** ERC-20 `Transfer(address indexed from, address indexed to, uint256 value)`. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/**
 * THORChain router `TransferOut(address indexed vault, address indexed to, address asset, uint256 amount,
 * string memo)` (Router v4): how a vault pays out on an EVM chain, the native coin as an internal call.
 */
export const THORCHAIN_TRANSFER_OUT_TOPIC = toEventSelector(
  'TransferOut(address,address,address,uint256,string)',
)

/** What a transaction on the destination (or refund) chain did for one address. */
export type Delivery =
  | { kind: 'unmined' }
  | { kind: 'reverted'; receipt: ChainReceipt }
  | {
      kind: 'mined'
      receipt: ChainReceipt
      /** What reached the address in the token; undefined when it could not be measured (a native coin on a pruned node). */
      amount: bigint | undefined
    }

/**
 * Reads what transaction `hash` on `chain` paid `to` in `token` (an ERC-20 address, or undefined for
 * the native coin), from the chain itself:
 * - an ERC-20: the sum of its `Transfer` logs to `to` in the receipt;
 * - the native coin: the transaction's own value when it is sent to `to`, plus THORChain router
 *   `TransferOut` events of the native asset to `to`; failing both (a router or settlement contract
 *   paying through an internal call), the rise of `to`'s balance over the block, adding back the gas
 *   `to` paid when it sent the transaction itself. A node without that block's state (pruned) leaves
 *   the amount unmeasured.
 */
export async function readDelivery({
  reader,
  chain,
  hash,
  token,
  to,
  signal,
}: {
  reader: ChainReader
  chain: string
  hash: string
  token: string | undefined
  to: string
  signal: AbortSignal
}): Promise<Delivery> {
  const receipt = await reader.receipt(chain, hash, signal)
  if (!receipt) return { kind: 'unmined' }
  if (receipt.status !== 'success') return { kind: 'reverted', receipt }
  if (token !== undefined) return { kind: 'mined', receipt, amount: sumTransfers(receipt.logs, token, to) }

  let amount = sumNativeTransferOuts(receipt.logs, to)
  const transaction = await reader.transaction(chain, hash, signal)
  if (transaction?.to !== undefined && sameAddress(transaction.to, to)) amount += transaction.value
  if (amount > 0n) return { kind: 'mined', receipt, amount }
  try {
    const [before, after] = await Promise.all([
      reader.balance(chain, to, receipt.blockNumber - 1n, signal),
      reader.balance(chain, to, receipt.blockNumber, signal),
    ])
    const paid = sameAddress(receipt.from, to)
      ? receipt.gasUsed * receipt.effectiveGasPrice + receipt.l1Fee + (transaction?.value ?? 0n)
      : 0n
    const rise = after - before + paid
    return { kind: 'mined', receipt, amount: rise > 0n ? rise : 0n }
  } catch (error) {
    if (signal.aborted) throw error
    return { kind: 'mined', receipt, amount: undefined }
  }
}

/** The sum of `token`'s `Transfer` logs to `to`. */
export function sumTransfers(logs: readonly ChainLog[], token: string, to: string): bigint {
  let sum = 0n
  for (const log of logs) {
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || !sameAddress(log.address, token))
      continue
    if (!topicIsAddress(log.topics[2], to)) continue
    sum += readWord(log.data, 0)
  }
  return sum
}

function sumNativeTransferOuts(logs: readonly ChainLog[], to: string): bigint {
  let sum = 0n
  for (const log of logs) {
    if (log.topics[0] !== THORCHAIN_TRANSFER_OUT_TOPIC || !topicIsAddress(log.topics[2], to)) continue
    if (readWord(log.data, 0) !== 0n) continue
    sum += readWord(log.data, 1)
  }
  return sum
}

function topicIsAddress(topic: string | undefined, address: string): boolean {
  return (
    topic !== undefined &&
    topic.length === 66 &&
    topic.slice(26).toLowerCase() === address.slice(2).toLowerCase()
  )
}

/** The `index`-th 32-byte word of ABI data, 0 when it is not there or not hex. */
function readWord(data: string, index: number): bigint {
  const word = data.slice(2 + index * 64, 2 + (index + 1) * 64)
  return /^[0-9a-fA-F]{64}$/.test(word) ? BigInt(`0x${word}`) : 0n
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
