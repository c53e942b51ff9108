import { chainParams } from '../assets/chainParams'
import { gasAssets } from '../assets/thorAssets'
import { normalizeTxId, type Observer } from '../observer/createObserver'
import type { ThorchainState } from '../thorchainState'

/** THORNode's answer for a transaction no node has observed: 200 with nothing started. */
const UNSEEN = { stages: { inbound_observed: { started: false, final_count: 0, completed: false } } }

/**
 * THORNode's `GET /thorchain/tx/status/{hash}` for the sandbox THORChain, in THORNode's shape
 * (openapi `TxStatusResponse`: `tx`, `planned_out_txs`, `out_txs`, `stages`), from what the observer
 * really saw and did: unseen (or ignored, as bifrost ignores dust and unlisted assets) is nothing
 * started; observed and queued is finalised with the swap pending; settled has every stage completed,
 * the payout or the refund planned, and its transaction in `out_txs` (`OUT:` or `REFUND:` memo). Ids
 * are upper-case hex without `0x`, as THORNode writes them; amounts 1e8.
 */
export function describeTxStatus({
  observer,
  state,
  hash,
}: {
  observer: Observer
  state: ThorchainState
  hash: string
}): object {
  const found = observer.inbound(hash)
  if (!found || found.record?.status === 'ignored') return UNSEEN
  const { observed, record } = found
  const confirmations = chainParams[observed.chain]?.confirmationBlocks ?? 1
  const tx = {
    id: normalizeTxId(observed.txId),
    chain: observed.chain,
    from_address: observed.from,
    to_address: observed.to,
    coins: [{ asset: observed.asset, amount: observed.amount }],
    gas: [],
    memo: observed.memo,
  }
  const inbound = {
    inbound_observed: { started: true, pre_confirmation_count: 1, final_count: 1, completed: true },
    inbound_confirmation_counted: {
      chain: observed.chain,
      external_observed_height: confirmations,
      external_confirmation_delay_height: confirmations,
      remaining_confirmation_seconds: 0,
      completed: true,
    },
    inbound_finalised: { completed: true },
  }
  if (!record) {
    return {
      tx,
      stages: { ...inbound, swap_status: { pending: true }, swap_finalised: { completed: false } },
    }
  }
  const out = record.out
  const swapStatus = {
    pending: false,
    ...(record.streaming
      ? {
          streaming: {
            interval: record.streaming.interval,
            quantity: record.streaming.quantity,
            count: record.streaming.quantity,
          },
        }
      : {}),
  }
  if (!out) {
    // Settled without an outbound: a payout that failed (THORChain would retry it), or a refund eaten by its fee.
    return {
      tx,
      planned_out_txs: [],
      stages: {
        ...inbound,
        swap_status: swapStatus,
        swap_finalised: { completed: true },
        outbound_signed: { completed: false },
      },
    }
  }
  const vault = state.vaults[out.chain] ?? ''
  const gasAsset = gasAssets.find((asset) => asset.chain === out.chain)?.asset ?? out.asset
  return {
    tx,
    planned_out_txs: [
      {
        chain: out.chain,
        to_address: out.to,
        coin: { asset: out.asset, amount: out.amount },
        refund: record.status === 'refund',
      },
    ],
    out_txs: [
      {
        id: normalizeTxId(out.txId),
        chain: out.chain,
        from_address: vault,
        to_address: out.to,
        coins: [{ asset: out.asset, amount: out.amount }],
        gas: [{ asset: gasAsset, amount: String(chainParams[out.chain]?.outboundFee ?? 0n) }],
        memo: out.memo,
      },
    ],
    stages: {
      ...inbound,
      swap_status: swapStatus,
      swap_finalised: { completed: true },
      outbound_delay: { remaining_delay_blocks: 0, remaining_delay_seconds: 0, completed: true },
      outbound_signed: { blocks_since_scheduled: 0, completed: true },
    },
  }
}
