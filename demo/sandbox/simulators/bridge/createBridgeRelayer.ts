import {
  TransactionReceiptNotFoundError,
  type Account,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem'
import type { ChainContext } from '../chainContext'
import { erc20Abi } from '../pricing/abis'
import { isNativePlaceholder } from '../pricing/nativeToken'
import { readTokenInfo } from '../pricing/readTokenInfo'
import { sameAddress } from '../pricing/sameAddress'
import { getUsdPrice } from '../pricing/usdValue'
import type { BridgeLeg, BridgeTransfer, BridgeTransferStore } from './createBridgeTransferStore'
import { findBridgedToken } from './findBridgedToken'
import { quoteBridgeDelivery } from './quoteBridgeDelivery'
import { watchNewBlocks } from '../../watchNewBlocks'
import { readBridgeDeposits } from './readBridgeDeposits'
import { sandboxBridgeAbi } from './sandboxBridgeAbi'

/** What `track` found for a transaction hash on one chain. */
export type TrackedTransaction =
  { found: false } | { found: true; receipt: TransactionReceipt; transfers: BridgeTransfer[] }

/** The running sandbox relayer. */
export type BridgeRelayer = {
  /**
   * Reads a transaction on `chainId` and records the bridge deposits it made (idempotent). The
   * status endpoint calls it, so a deposit is known the moment it is mined, before the next poll.
   */
  track(parameters: { chainId: number; txHash: Hex }): Promise<TrackedTransaction>
  /** Resolves once every transfer seen so far is delivered or refunded. */
  idle(): Promise<void>
  stop(): Promise<void>
}

export type CreateBridgeRelayerParameters = {
  chains: Map<number, ChainContext>
  /** The `SandboxBridge` on each chain the bridge serves, by chain id. */
  bridges: Map<number, Address>
  /** The relayer and liquidity account: pays deliveries and closes transfers. */
  liquidity: Account
  store: BridgeTransferStore
  /** How long after seeing a deposit the relayer delivers (default 2500 ms). */
  deliveryDelayMs?: number
  /** How often each chain is read for deposits besides its announced blocks (default 1 s). */
  pollIntervalMs?: number
}

/**
 * The sandbox bridge's relayer. It reads every chain's `SandboxBridge` for `BridgeDeposited`
 * events on each new block and, `deliveryDelayMs` later, pays the recipient on the destination
 * chain from the liquidity account: the stated `amountOut`, capped by what the locked amount is worth at the
 * bridge's own fee (so a hand-made deposit cannot ask for more than it locked). Then it takes the
 * locked funds as repayment. When it cannot deliver at least `minAmountOut` (a token the bridge does
 * not carry there, too little locked, too little liquidity, a failed transfer), it refunds the
 * locked funds to the sender on the source chain instead. Transactions go one at a time, so the
 * liquidity account's nonces never race.
 */
export function createBridgeRelayer({
  chains,
  bridges,
  liquidity,
  store,
  deliveryDelayMs = 2_500,
  pollIntervalMs = 1_000,
}: CreateBridgeRelayerParameters): BridgeRelayer {
  let stopped = false
  let queue: Promise<void> = Promise.resolve()
  // Pending deliveries: each timer with the resolver of its `scheduled` promise.
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>()
  const scheduled = new Set<Promise<void>>()

  const schedule = (transfer: BridgeTransfer) => {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (stopped) return resolve()
        queue = queue.then(() => settle(transfer.transferId)).catch(logError)
        void queue.then(resolve)
      }, deliveryDelayMs)
      timers.set(timer, resolve)
    })
    scheduled.add(done)
    void done.then(() => scheduled.delete(done))
  }

  async function track({ chainId, txHash }: { chainId: number; txHash: Hex }): Promise<TrackedTransaction> {
    const context = chains.get(chainId)
    if (!context) return { found: false }
    let receipt: TransactionReceipt
    try {
      receipt = await context.publicClient.getTransactionReceipt({ hash: txHash })
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return { found: false }
      throw error
    }
    const bridge = bridges.get(chainId)
    const read = bridge ? await readBridgeDeposits({ context, bridge, receipt }) : []
    const transfers = read.map((transfer) => {
      const kept = store.add(transfer)
      if (kept === transfer && !stopped) schedule(transfer)
      return kept
    })
    return { found: true, receipt, transfers }
  }

  async function settle(transferId: Hex) {
    const transfer = store.list().find((candidate) => candidate.transferId === transferId)
    if (!transfer || transfer.status !== 'PENDING') return
    const from = chains.get(transfer.fromChainId)!
    const to = chains.get(transfer.toChainId)
    const amount = to ? await deliverableAmount({ transfer, from, to }) : undefined
    if (!to || amount === undefined) {
      return refund({
        transfer,
        from,
        reason: 'The bridge does not carry this token to the destination chain.',
      })
    }
    if (amount === 0n || amount < transfer.minAmountOut) {
      return refund({ transfer, from, reason: 'The bridge could not deliver the minimum amount.' })
    }
    let receiving: BridgeLeg | undefined
    try {
      receiving = await deliver({ transfer, to, amount })
    } catch (error) {
      logError(error)
    }
    if (!receiving) {
      return refund({ transfer, from, reason: 'The delivery on the destination chain failed.' })
    }
    store.update(transferId, { status: 'DONE', substatus: 'COMPLETED', receiving })
    // Repayment: the relayer takes the locked funds for the liquidity it spent.
    await sendAndWait(from, {
      to: bridges.get(from.chainId)!,
      abi: 'close',
      args: [transferId, false],
    }).catch(logError)
  }

  async function deliverableAmount({
    transfer,
    from,
    to,
  }: {
    transfer: BridgeTransfer
    from: ChainContext
    to: ChainContext
  }): Promise<bigint | undefined> {
    const carried = findBridgedToken({ from, to, toToken: transfer.destinationToken })
    if (!carried || !sameAddress(carried, transfer.locked.token)) return undefined
    const [fromInfo, toInfo] = await Promise.all([
      readTokenInfo({ context: from, token: transfer.locked.token }),
      readTokenInfo({ context: to, token: transfer.destinationToken }),
    ])
    if (!fromInfo || !toInfo) return undefined
    const { amountOut } = quoteBridgeDelivery({
      lockedAmount: transfer.locked.amount,
      fromDecimals: fromInfo.decimals,
      toDecimals: toInfo.decimals,
      priceUsd: getUsdPrice({ context: from, token: fromInfo }),
    })
    return amountOut < transfer.amountOut ? amountOut : transfer.amountOut
  }

  async function deliver({
    transfer,
    to,
    amount,
  }: {
    transfer: BridgeTransfer
    to: ChainContext
    amount: bigint
  }): Promise<BridgeLeg | undefined> {
    const native = isNativePlaceholder(transfer.destinationToken)
    const balance = native
      ? await to.publicClient.getBalance({ address: liquidity.address })
      : await to.publicClient.readContract({
          address: transfer.destinationToken,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [liquidity.address],
        })
    if (balance < amount) return undefined
    const receipt = native
      ? await sendValueAndWait(to, transfer.toAddress, amount)
      : await sendAndWait(to, {
          to: transfer.destinationToken,
          abi: 'transfer',
          args: [transfer.toAddress, amount],
        })
    if (receipt.status !== 'success') return undefined
    return leg({ context: to, receipt, token: transfer.destinationToken, amount })
  }

  async function refund({
    transfer,
    from,
    reason,
  }: {
    transfer: BridgeTransfer
    from: ChainContext
    reason: string
  }) {
    store.update(transfer.transferId, { status: 'PENDING', substatus: 'REFUND_IN_PROGRESS', reason })
    try {
      const receipt = await sendAndWait(from, {
        to: bridges.get(from.chainId)!,
        abi: 'close',
        args: [transfer.transferId, true],
      })
      if (receipt.status !== 'success') throw new Error('the refund transaction reverted')
      const receiving = await leg({
        context: from,
        receipt,
        token: transfer.locked.token,
        amount: transfer.locked.amount,
      })
      store.update(transfer.transferId, { status: 'DONE', substatus: 'REFUNDED', receiving, reason })
    } catch (error) {
      logError(error)
      store.update(transfer.transferId, { status: 'FAILED', substatus: 'UNKNOWN_FAILED_ERROR', reason })
    }
  }

  async function sendAndWait(
    context: ChainContext,
    call:
      | { to: Address; abi: 'close'; args: readonly [Hex, boolean] }
      | { to: Address; abi: 'transfer'; args: readonly [Address, bigint] },
  ): Promise<TransactionReceipt> {
    const wallet = context.walletClient(liquidity)
    const hash =
      call.abi === 'close'
        ? await wallet.writeContract({
            address: call.to,
            abi: sandboxBridgeAbi,
            functionName: 'close',
            args: call.args,
            gas: 200_000n,
          })
        : await wallet.writeContract({
            address: call.to,
            abi: erc20Abi,
            functionName: 'transfer',
            args: call.args,
            gas: 200_000n,
          })
    return context.publicClient.waitForTransactionReceipt({ hash })
  }

  async function sendValueAndWait(context: ChainContext, to: Address, value: bigint) {
    const hash = await context.walletClient(liquidity).sendTransaction({ to, value, gas: 100_000n })
    return context.publicClient.waitForTransactionReceipt({ hash })
  }

  const watches = [...bridges].map(([chainId, bridge]) => {
    const context = chains.get(chainId)!
    let nextBlock: bigint | undefined
    const poll = async () => {
      // Not viem's cached number: this runs because a block has just been announced.
      const latest = await context.publicClient.getBlockNumber({ cacheTime: 0 })
      nextBlock ??= latest
      if (latest < nextBlock) return
      const logs = await context.publicClient.getLogs({
        address: bridge,
        event: sandboxBridgeAbi.find(
          (item): item is Extract<(typeof sandboxBridgeAbi)[number], { name: 'BridgeDeposited' }> =>
            item.type === 'event' && item.name === 'BridgeDeposited',
        )!,
        fromBlock: nextBlock,
        toBlock: latest,
      })
      nextBlock = latest + 1n
      const hashes = new Set(logs.map((log) => log.transactionHash).filter((hash) => hash !== null))
      for (const txHash of hashes) await track({ chainId, txHash })
    }
    return watchNewBlocks({
      rpcUrl: context.sandbox.rpcUrl,
      onBlock: poll,
      fallbackMs: pollIntervalMs,
      onError: logError,
    })
  })

  return {
    track,
    idle: async () => {
      while (scheduled.size > 0) await Promise.all([...scheduled])
      await queue
    },
    async stop() {
      stopped = true
      await Promise.all(watches.map((watch) => watch.stop()))
      for (const [timer, resolve] of timers) {
        clearTimeout(timer)
        resolve()
      }
      timers.clear()
      await queue
    },
  }
}

async function leg({
  context,
  receipt,
  token,
  amount,
}: {
  context: ChainContext
  receipt: TransactionReceipt
  token: Address
  amount: bigint
}): Promise<BridgeLeg> {
  const block = await context.publicClient.getBlock({ blockNumber: receipt.blockNumber })
  return {
    txHash: receipt.transactionHash,
    chainId: context.chainId,
    token,
    amount,
    timestamp: Number(block.timestamp),
    gasUsed: receipt.gasUsed,
    gasPrice: receipt.effectiveGasPrice,
  }
}

function logError(error: unknown) {
  console.error('[sandbox bridge relayer]', error instanceof Error ? error.message.split('\n')[0] : error)
}
