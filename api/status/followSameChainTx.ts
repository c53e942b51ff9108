import { SwapError } from '../../shared'
import { describeAmount, floorOf, judgeDelivery, type Follow } from './statusFinding'

/**
 * A same-chain `tx` route (0x, LI.FI same-chain, the RHD router, the routing provider's same-chain
 * routes), followed on the chain itself through its `RPC_URL_*` node: the source transaction is the
 * delivery. Not mined: `pending`. Reverted: `failed`. Successful: `delivered` when its receipt shows at
 * least `minBuyAmount` of the buy token reaching the recipient (the sum of the token's `Transfer`
 * logs to it); for a native buy coin, the rise of the recipient's balance over that block (adding back
 * its own gas when it sent the transaction). When a pruned node cannot say that rise, a successful
 * receipt is still `delivered`, without an amount: the swap contract itself enforces the minimum, or
 * the transaction would have reverted.
 */
export const followSameChainTx: Follow = async (context) => {
  const { record, hash } = context
  const chain = record.sellChain
  if (hash === undefined)
    throw new SwapError({ code: 'BAD_REQUEST', message: 'hash is required for this quote' })
  if (!context.reader.has(chain)) {
    throw new SwapError({
      code: 'NOT_CONFIGURED',
      message: `This deployment cannot read ${chain}: set RPC_URL_${chain} to follow its swaps`,
      details: { missingConfig: [`RPC_URL_${chain}`] },
    })
  }
  const sourceTx = { chain, hash }
  const floor = floorOf(record)
  const verdict = await judgeDelivery({
    context,
    chain,
    hash,
    token: record.buyToken,
    to: record.recipient,
    floor,
  })
  switch (verdict.verdict) {
    case 'unmined':
    case 'unreadable':
      return { state: 'pending', sourceTx, reason: `The transaction is not mined on ${chain} yet.` }
    case 'reverted':
      return {
        state: 'failed',
        sourceTx,
        reason: `The transaction reverted on ${chain}: nothing was swapped, only its gas was spent.`,
      }
    case 'unmeasured':
      return {
        state: 'delivered',
        sourceTx,
        destinationTx: sourceTx,
        reason: `The swap succeeded on ${chain}, and its contract enforces the minimum of ${describeAmount(floor, record.buyToken)}; this node could not show the exact amount received.`,
      }
    case 'delivered':
      return {
        state: 'delivered',
        sourceTx,
        destinationTx: sourceTx,
        delivered: { amount: verdict.amount, token: record.buyToken },
      }
    case 'short':
      return {
        state: 'failed',
        sourceTx,
        reason: `The transaction succeeded but paid the recipient ${describeAmount(verdict.amount, record.buyToken)}, less than the quote's minimum of ${describeAmount(floor, record.buyToken)}: it may not be this quote's swap.`,
      }
  }
}
