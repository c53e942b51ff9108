import { parseAbiItem, type Address, type PublicClient } from 'viem'
import { isLedgerChain } from '../addresses/sandboxAddress'
import { gasAssets, toThorAmount } from '../assets/thorAssets'
import type { Ledger, LedgerTx } from '../ledger/createLedger'
import type { ThorchainState } from '../thorchainState'
import type { PayoutRecord } from './payoutRecord'
import { settleDeposit, type Deposit, type PayOut } from './settleDeposit'

/** The router's `Deposit` event (Router v4). */
export const routerDepositEvent = parseAbiItem(
  'event Deposit(address indexed to, address indexed asset, uint256 amount, string memo)',
)

/** One EVM chain the observer watches. */
export type ObservedEvmChain = { chain: string; publicClient: PublicClient; router: Address }

/** The running observer: the payout accounting and how to stop it. */
export type Observer = {
  /** Every handled inbound, oldest first. */
  payouts(): PayoutRecord[]
  /** Resolves once every inbound seen so far is settled. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * Watches inbounds and settles them one at a time (so vault payouts never race for a nonce):
 * the routers' `Deposit` events on each EVM chain, polled from the block the observer starts at,
 * and ledger transfers to a vault. A deposit of an asset THORChain does not list is recorded as
 * ignored, like an unwhitelisted token.
 */
export function createObserver({
  state,
  ledger,
  evmChains,
  payOut,
  pollIntervalMs = 100,
}: {
  state: ThorchainState
  ledger: Ledger
  evmChains: readonly ObservedEvmChain[]
  payOut: PayOut
  pollIntervalMs?: number
}): Observer {
  const records: PayoutRecord[] = []
  let queue: Promise<void> = Promise.resolve()
  let stopped = false

  const enqueue = (deposit: Deposit | PayoutRecord) => {
    queue = queue.then(async () => {
      if ('inbound' in deposit) {
        records.push(deposit)
        return
      }
      try {
        records.push(await settleDeposit({ state, deposit, payOut }))
      } catch (error) {
        records.push({
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
    enqueue({
      chain: tx.chain,
      txId: tx.txId,
      from: tx.from,
      asset,
      amount: toThorAmount(tx.amount, asset.decimals),
      memo: tx.memo,
    })
  })

  const pollers = evmChains.map((watched) => {
    let nextBlock: bigint | undefined
    let running: Promise<void> | undefined
    const poll = async () => {
      const latest = await watched.publicClient.getBlockNumber()
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
        const { asset: contract, amount, memo } = log.args
        const tx = await watched.publicClient.getTransaction({ hash: log.transactionHash! })
        const asset = /^0x0{40}$/i.test(contract!)
          ? gasAssets.find((candidate) => candidate.chain === watched.chain)
          : state.assets.find((candidate) => candidate.contract?.toLowerCase() === contract!.toLowerCase())
        const txId = log.transactionHash!
        if (!asset) {
          enqueue({
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
          })
          continue
        }
        enqueue({
          chain: watched.chain,
          txId,
          from: tx.from,
          asset,
          amount: toThorAmount(amount!, asset.decimals),
          memo: memo!,
        })
      }
    }
    const timer = setInterval(() => {
      if (stopped || running) return
      running = poll()
        .catch((error: unknown) => {
          if (!stopped)
            console.error(
              `[thorchain observer] ${watched.chain}:`,
              error instanceof Error ? error.message : error,
            )
        })
        .finally(() => (running = undefined))
    }, pollIntervalMs)
    // Start from the current block at once, so a deposit sent right after start is seen.
    running = poll()
      .catch(() => {})
      .finally(() => (running = undefined))
    return { timer, current: () => running }
  })

  return {
    payouts: () => [...records],
    idle: () => queue,
    async stop() {
      stopped = true
      unsubscribe()
      for (const poller of pollers) clearInterval(poller.timer)
      await Promise.all(pollers.map((poller) => poller.current()))
      await queue
    },
  }
}
