import { isChainAddress } from '../addresses/isChainAddress'
import { chainParams } from '../assets/chainParams'
import { resolveThorAsset } from '../assets/resolveThorAsset'
import { RUNE, type ThorAsset } from '../assets/thorAssets'
import { parseSwapMemo } from '../memo/parseSwapMemo'
import { applySwap, convertAtSpot, outboundFeeOf, simulateSwap } from '../pools/simulateSwap'
import { maxStreamingQuantity } from '../thornode/quoteSwap'
import { thornameAddress } from '../thornode/thornameAddress'
import { isTradingHalted, type ThorchainState } from '../thorchainState'
import type { AffiliatePayout, PayoutRecord } from './payoutRecord'

/** An observed inbound: `amount` already in 1e8 units of `asset`. */
export type Deposit = {
  chain: string
  txId: string
  from: string
  asset: ThorAsset
  amount: bigint
  memo: string
}

/** Sends `amount` (1e8) of `asset` from the chain's vault to `to`; resolves to the transaction id. */
export type PayOut = (payout: {
  asset: ThorAsset
  to: string
  amount: bigint
  memo: string
}) => Promise<string>

/**
 * Handles one inbound as THORChain does: parse the memo, price the swap on the pools (streaming
 * included), enforce the limit twice (pool emit and the final outbound), pay the destination, pay
 * each affiliate its bps of the output in RUNE, and book the swap into the pools. Anything that
 * fails (bad memo, unknown pool, halt, wrong-chain destination, limit not met) is refunded to the
 * memo's refund address or the sender, less the source chain's outbound fee.
 */
export async function settleDeposit({
  state,
  deposit,
  payOut,
}: {
  state: ThorchainState
  deposit: Deposit
  payOut: PayOut
}): Promise<PayoutRecord> {
  const record: PayoutRecord = {
    inbound: {
      chain: deposit.chain,
      txId: deposit.txId,
      from: deposit.from,
      asset: deposit.asset.asset,
      amount: String(deposit.amount),
      memo: deposit.memo,
    },
    status: 'success',
    affiliates: [],
  }
  if (deposit.amount < (chainParams[deposit.chain]?.dustThreshold ?? 0n) || deposit.amount === 0n) {
    return { ...record, status: 'ignored', reason: 'amount less than dust threshold' }
  }
  const parsed = parseSwapMemo(deposit.memo)
  let refundTo = deposit.from
  const refund = async (reason: string): Promise<PayoutRecord> => {
    const fee = outboundFeeOf({ pools: state.pools, asset: deposit.asset })
    const amount = deposit.amount - fee
    if (amount <= 0n)
      return { ...record, status: 'refund', reason: `${reason}; refund smaller than the outbound fee` }
    const memo = `REFUND:${deposit.txId}`
    const txId = await payOut({ asset: deposit.asset, to: refundTo, amount, memo })
    return {
      ...record,
      status: 'refund',
      reason,
      out: {
        chain: deposit.chain,
        asset: deposit.asset.asset,
        to: refundTo,
        amount: String(amount),
        txId,
        memo,
      },
    }
  }
  if (!parsed.ok) return refund(`invalid memo: ${parsed.reason}`)
  const memo = parsed.memo
  if (memo.refundAddress && isChainAddress(deposit.chain, memo.refundAddress)) refundTo = memo.refundAddress
  record.limit = String(memo.limit)
  if (memo.kind === 'limit') return refund('limit swaps are not simulated')
  const resolved = resolveThorAsset({ text: memo.asset, assets: state.assets, pools: state.pools })
  if (resolved.kind !== 'listed') return refund(`pool ${memo.asset.toUpperCase()} doesn't exist`)
  const target = resolved.asset
  for (const asset of [deposit.asset, target]) {
    if (asset.asset !== RUNE && state.pools.get(asset.asset)?.status !== 'Available') {
      return refund(`pool(${asset.asset}) is not available`)
    }
  }
  if (target.asset === deposit.asset.asset) return refund('swap to the same asset')
  if (isTradingHalted(state, deposit.chain) || isTradingHalted(state, target.chain)) {
    return refund("trading is halted, can't process swap")
  }
  if (!isChainAddress(target.chain, memo.destination)) {
    return refund('swap destination address is not the same chain as the target asset')
  }

  const maxQuantity = maxStreamingQuantity({ state, from: deposit.asset, to: target, amount: deposit.amount })
  const quantity = memo.interval > 0 ? Math.min(memo.quantity || maxQuantity, maxQuantity) : 1
  if (memo.interval > 0) record.streaming = { interval: memo.interval, quantity }
  const swap = simulateSwap({
    pools: state.pools,
    from: deposit.asset,
    to: target,
    amountIn: deposit.amount,
    quantity,
    affiliateBps: memo.affiliates.map((affiliate) => affiliate.bps),
  })
  record.fees = {
    asset: target.asset,
    liquidity: String(swap.liquidityFee),
    affiliate: String(swap.affiliateFee),
    outbound: String(swap.outboundFee),
  }
  if (swap.emit < memo.limit) return refund(`emit asset ${swap.emit} less than price limit ${memo.limit}`)
  if (swap.expectedOut === 0n) return refund('not enough asset to pay for fees')
  if (swap.expectedOut < memo.limit) {
    return refund(`outbound amount does not meet requirements (${swap.expectedOut}/${memo.limit})`)
  }

  const toRune = (amount: bigint) =>
    convertAtSpot({ pools: state.pools, amount, from: target.asset, to: RUNE })
  const affiliateRune = swap.affiliateFees.map(toRune)
  const outboundRune = toRune(swap.outboundFee)
  applySwap({
    pools: state.pools,
    swap,
    paidOut: swap.expectedOut,
    runeOut: affiliateRune.reduce((sum, rune) => sum + rune, 0n) + outboundRune,
  })
  const outMemo = `OUT:${deposit.txId}`
  const txId = await payOut({ asset: target, to: memo.destination, amount: swap.expectedOut, memo: outMemo })
  record.out = {
    chain: target.chain,
    asset: target.asset,
    to: memo.destination,
    amount: String(swap.expectedOut),
    txId,
    memo: outMemo,
  }
  const rune = state.assets.find((asset) => asset.asset === RUNE)!
  const affiliates: AffiliatePayout[] = []
  for (const [index, affiliate] of memo.affiliates.entries()) {
    const runeAmount = affiliateRune[index] ?? 0n
    const address = thornameAddress(affiliate.name)
    const paid =
      runeAmount > 0n
        ? await payOut({ asset: rune, to: address, amount: runeAmount, memo: `AFF:${deposit.txId}` })
        : ''
    affiliates.push({
      name: affiliate.name,
      address,
      bps: affiliate.bps,
      amount: String(swap.affiliateFees[index] ?? 0n),
      rune: String(runeAmount),
      txId: paid,
    })
  }
  return { ...record, affiliates }
}
