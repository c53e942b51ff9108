import type { SwapStatus } from '../../shared'
import { findChain, formatAmount, SwapError } from '../../shared'
import { followCow } from './followCow'
import { followLifi } from './followLifi'
import { followSameChainTx } from './followSameChainTx'
import { followThorchain } from './followThorchain'
import type { Follow, FollowContext, StatusFinding } from './statusFinding'
import { calldataDigest, type TrackingRecord } from './trackingRecord'
import type { ChainReader } from './createChainReader'
import { sameAddress } from './readDelivery'

/** The follower of a quote's route: who priced it and how it is carried out. */
export function pickFollower(record: TrackingRecord): Follow {
  if (record.route === 'order') return followCow
  if (record.provider === 'thorchain') return followThorchain
  const sameChain = record.sellChain === record.buyChain
  if (record.route === 'tx' && sameChain) return followSameChainTx
  if (record.provider === 'lifi' && record.route === 'tx') return followLifi
  return followSourceOnly
}

/**
 * Where the swap of `context.record` stands, in the contract's `SwapStatus` shape (amounts in human
 * units, `updatedAt` now).
 */
export async function getSwapStatus(context: FollowContext, now: number): Promise<SwapStatus> {
  const poll = { ...context, reader: readEachTransactionOnce(context.reader) }
  await refuseOtherTransaction(poll)
  const finding = await pickFollower(poll.record)(poll)
  return toSwapStatus(poll.record, finding, now)
}

/**
 * `reader`, with each transaction read at most once in one poll: the check that a hash is the quote's
 * own and the delivery reading of a native-coin buy both need it. A sent transaction's fields never
 * change; one not found yet is asked again next poll.
 */
function readEachTransactionOnce(reader: ChainReader): ChainReader {
  const read = new Map<string, ReturnType<ChainReader['transaction']>>()
  return {
    ...reader,
    transaction(chain, hash, signal) {
      const key = `${chain}:${hash.toLowerCase()}`
      let answer = read.get(key)
      if (!answer) read.set(key, (answer = reader.transaction(chain, hash, signal)))
      return answer
    },
  }
}

export function toSwapStatus(record: TrackingRecord, finding: StatusFinding, now: number): SwapStatus {
  return {
    quoteId: record.quoteId,
    provider: record.provider,
    state: finding.state,
    ...(finding.sourceTx ? { sourceTx: finding.sourceTx } : {}),
    ...(finding.destinationTx ? { destinationTx: finding.destinationTx } : {}),
    ...(finding.delivered
      ? {
          deliveredAmount: formatAmount({
            value: finding.delivered.amount,
            decimals: finding.delivered.token.decimals,
          }),
        }
      : {}),
    ...(finding.reason ? { reason: finding.reason } : {}),
    updatedAt: new Date(now).toISOString(),
  }
}

/**
 * A route this service cannot follow past its source (the routing provider's cross-chain routes that
 * are not THORChain's: their own providers track them). An EVM source transaction is still read:
 * reverted is `failed`, confirmed is `inFlight` with that said; a deposit stays `pending`.
 */
const followSourceOnly: Follow = async (context) => {
  const { record, hash } = context
  const untracked = `This route (${record.provider} to ${record.buyChain}) is followed only up to its source transaction; check the recipient's wallet on ${record.buyChain}.`
  if (hash === undefined) {
    if (record.route === 'deposit') return { state: 'pending', reason: untracked }
    throw new SwapError({ code: 'BAD_REQUEST', message: 'hash is required for this quote' })
  }
  const sourceTx = { chain: record.sellChain, hash }
  if (findChain(record.sellChain)?.type !== 'evm' || !context.reader.has(record.sellChain)) {
    return { state: 'pending', sourceTx, reason: untracked }
  }
  const receipt = await context.reader.receipt(record.sellChain, hash, context.signal)
  if (!receipt)
    return { state: 'pending', sourceTx, reason: `The transaction is not mined on ${record.sellChain} yet.` }
  if (receipt.status !== 'success') {
    return {
      state: 'failed',
      sourceTx,
      reason: `The transaction reverted on ${record.sellChain}: only its gas was spent.`,
    }
  }
  return { state: 'inFlight', sourceTx, reason: untracked }
}

/**
 * A `tx` route's hash must be the quote's own transaction, sent as it stands: from the quote's wallet,
 * to its contract, with its calldata. Any other transaction (a plain transfer to the recipient, another
 * quote's swap) is refused, so neither the answer nor the ledger credits this quote with a swap it was
 * not. A transaction the node does not know yet passes here: the follower says it is pending. A
 * smart-contract wallet sends the call from inside a transaction of its own; its hash is refused too.
 */
async function refuseOtherTransaction(context: FollowContext): Promise<void> {
  const { record, hash, reader } = context
  if (record.route !== 'tx' || hash === undefined || record.txDataDigest === undefined) return
  if (findChain(record.sellChain)?.type !== 'evm' || !reader.has(record.sellChain)) return
  const sent = await reader.transaction(record.sellChain, hash, context.signal)
  if (!sent) return
  const differs = [
    !sameAddress(sent.from, record.sender) && 'sender',
    !sameAddress(sent.to ?? '', record.txTo ?? '') && 'contract',
    calldataDigest(sent.input) !== record.txDataDigest && 'calldata',
  ].filter(Boolean)
  if (differs.length > 0) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: `hash is not this quote's transaction (another ${differs.join(', ')}): give the hash of the transaction the quote returned, as sent`,
    })
  }
}
