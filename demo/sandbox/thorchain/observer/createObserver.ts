import { parseAbiItem, type Address, type PublicClient } from 'viem'
import { isLedgerChain } from '../addresses/sandboxAddress'
import { gasAssets, toThorAmount } from '../assets/thorAssets'
import type { Ledger, LedgerTx } from '../ledger/createLedger'
import type { ThorchainState } from '../thorchainState'
import type { PayoutRecord } from './payoutRecord'
import { settleDeposit, type Deposit, type PayOut } from './settleDeposit'
import { watchNewBlocks } from '../../watchNewBlocks'

/** The router's `Deposit` event (Router v4). */
export const routerDepositEvent = parseAbiItem(
  'event Deposit(address indexed to, address indexed asset, uint256 amount, string memo)',
)

/** One EVM chain the observer watches. */
export type ObservedEvmChain = { chain: string; publicClient: PublicClient; rpcUrl: string; router: Address }

/** An inbound as the observer saw it, before and after it is settled. Amounts are 1e8 strings. */
export type ObservedInbound = {
  chain: string
  /** As the chain writes it: `0x…` on EVM chains, upper-case hex on the ledger. */
  txId: string
  from: string
  /** The vault it was sent to. */
  to: string
  asset: string
  amount: string
  memo: string
  /** Epoch milliseconds it was observed. */
  observedAt: number
  /** Epoch milliseconds it was settled (paid out, refunded or ignored); absent while queued. */
  settledAt?: number
}

/** The running observer: the payout accounting and how to stop it. */
export type Observer = {
  /** Every handled inbound, oldest first. */
  payouts(): PayoutRecord[]
  /**
   * One inbound by its transaction id (any case, `0x` or not): what was observed and, once settled,
   * its record. Undefined for a transaction the observer has not seen.
   */
  inbound(txId: string): { observed: ObservedInbound; record?: PayoutRecord } | undefined
  /** Resolves once every inbound seen so far is settled. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * Watches inbounds and settles them one at a time (so vault payouts never race for a nonce):
 * the routers' `Deposit` events on each EVM chain, read from the block the observer starts at
 * whenever the chain announces a block (and every `pollIntervalMs` besides, default 1 s), and
 * ledger transfers to a vault. A deposit of an asset THORChain does not list is recorded as
 * ignored, like an unwhitelisted token.
 */
export function createObserver({
  state,
  ledger,
  evmChains,
  payOut,
  pollIntervalMs = 1_000,
  now = Date.now,
}: {
  state: ThorchainState
  ledger: Ledger
  evmChains: readonly ObservedEvmChain[]
  payOut: PayOut
  /** The fallback read of each chain's new blocks, besides the node's announcements. */
  pollIntervalMs?: number
  now?: () => number
}): Observer {
  const records: PayoutRecord[] = []
  const inbounds = new Map<string, { observed: ObservedInbound; record?: PayoutRecord }>()
  let queue: Promise<void> = Promise.resolve()
  let stopped = false

  const settled = (record: PayoutRecord) => {
    records.push(record)
    const entry = inbounds.get(normalizeTxId(record.inbound.txId))
    if (entry) {
      entry.record = record
      entry.observed.settledAt = now()
    }
  }

  const enqueue = (deposit: Deposit | PayoutRecord, to: string) => {
    const inbound =
      'inbound' in deposit
        ? deposit.inbound
        : {
            chain: deposit.chain,
            txId: deposit.txId,
            from: deposit.from,
            asset: deposit.asset.asset,
            amount: String(deposit.amount),
            memo: deposit.memo,
          }
    inbounds.set(normalizeTxId(inbound.txId), { observed: { ...inbound, to, observedAt: now() } })
    queue = queue.then(async () => {
      if ('inbound' in deposit) {
        settled(deposit)
        return
      }
      try {
        settled(await settleDeposit({ state, deposit, payOut }))
      } catch (error) {
        settled({
          inbound: {
            chain: deposit.chain,
            txId: deposit.txId,
            from: deposit.from,
            asset: deposit.asset.asset,
            amount: String(deposit.amount),
            memo: deposit.memo,
          },
          status: 'failed',
          reason: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'payout failed',
          affiliates: [],
        })
      }
    })
  }

  const unsubscribe = ledger.onTransfer((tx: LedgerTx) => {
    if (!isLedgerChain(tx.chain) || state.vaults[tx.chain]?.toLowerCase() !== tx.to.toLowerCase()) return
    const asset = gasAssets.find((candidate) => candidate.chain === tx.chain)!
    enqueue(
      {
        chain: tx.chain,
        txId: tx.txId,
        from: tx.from,
        asset,
        amount: toThorAmount(tx.amount, asset.decimals),
        memo: tx.memo,
      },
      tx.to,
    )
  })

  const watches = evmChains.map((watched) => {
    let nextBlock: bigint | undefined
    const poll = async () => {
      // Not viem's cached number: this runs because a block has just been announced.
      const latest = await watched.publicClient.getBlockNumber({ cacheTime: 0 })
      nextBlock ??= latest
      if (latest < nextBlock) return
      const logs = await watched.publicClient.getLogs({
        address: watched.router,
        event: routerDepositEvent,
        fromBlock: nextBlock,
        toBlock: latest,
      })
      nextBlock = latest + 1n
      for (const log of logs) {
        const { to: vault, asset: contract, amount, memo } = log.args
        const tx = await watched.publicClient.getTransaction({ hash: log.transactionHash! })
        const asset = /^0x0{40}$/i.test(contract!)
          ? gasAssets.find((candidate) => candidate.chain === watched.chain)
          : state.assets.find((candidate) => candidate.contract?.toLowerCase() === contract!.toLowerCase())
        const txId = log.transactionHash!
        if (!asset) {
          enqueue(
            {
              inbound: {
                chain: watched.chain,
                txId,
                from: tx.from,
                asset: contract!,
                amount: String(amount),
                memo: memo!,
              },
              status: 'ignored',
              reason: 'asset is not listed',
              affiliates: [],
            },
            vault!,
          )
          continue
        }
        enqueue(
          {
            chain: watched.chain,
            txId,
            from: tx.from,
            asset,
            amount: toThorAmount(amount!, asset.decimals),
            memo: memo!,
          },
          vault!,
        )
      }
    }
    return watchNewBlocks({
      rpcUrl: watched.rpcUrl,
      onBlock: poll,
      fallbackMs: pollIntervalMs,
      onError: (error) =>
        console.error(
          `[thorchain observer] ${watched.chain}:`,
          error instanceof Error ? error.message : error,
        ),
    })
  })

  return {
    payouts: () => [...records],
    inbound: (txId) => inbounds.get(normalizeTxId(txId)),
    idle: () => queue,
    async stop() {
      stopped = true
      unsubscribe()
      await Promise.all(watches.map((watch) => watch.stop()))
      await queue
    },
  }
}

/** A transaction id as THORNode writes it: upper-case hex without `0x`. */
export function normalizeTxId(txId: string): string {
  return txId.replace(/^0x/i, '').toUpperCase()
}
