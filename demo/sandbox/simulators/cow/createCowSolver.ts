import { encodeFunctionData, keccak256, stringToHex, type Account, type Address, type Hex } from 'viem'
import type { ChainContext } from '../chainContext'
import { erc20Abi, uniswapV2Abi } from '../pricing/abis'
import { findBestRoute } from '../pricing/findBestRoute'
import { sameAddress } from '../pricing/sameAddress'
import { isNativePlaceholder } from '../pricing/nativeToken'
import { encodeTradeFlags, gpv2SettlementAbi, hashCowOrder, recoverCowOrderOwner } from './cowOrder'
import type { CowOrderStore, StoredCowOrder } from './createCowOrderStore'
import { capPartnerFeeFactors, computePartnerFeeAmounts, readPartnerFees } from './readPartnerFees'

export type CreateCowSolverParameters = {
  chains: Map<number, ChainContext>
  store: CowOrderStore
  /** An account the chains' GPv2 authenticator allows to call `settle`. */
  solver: Account
  pollIntervalMs?: number
  /** Settlement attempts per order before the solver leaves it to expire. */
  maxAttempts?: number
}

/** A running solver. */
export type CowSolver = { stop(): Promise<void> }

/**
 * The sandbox's CoW solver: polls the order book for open orders, checks each one's signature and
 * app-data hash again, and settles it alone through `GPv2Settlement.settle` once the pools pay at
 * least its limit. The vault relayer pulls the sell token from the owner's approval; the
 * interactions swap on the Uniswap V2 router (unwrapping for a native buy) and pay the app data's
 * partner fees to their recipients; the settlement pays the rest to the receiver. Orders past
 * `validTo` (by chain time) become `expired`.
 */
export function createCowSolver({
  chains,
  store,
  solver,
  pollIntervalMs = 250,
  maxAttempts = 5,
}: CreateCowSolverParameters): CowSolver {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()

  const poll = async () => {
    const open = [...store.orders.values()].filter(
      (stored) => stored.status === 'open' && stored.failures < maxAttempts,
    )
    const byChain = new Map<number, StoredCowOrder[]>()
    for (const stored of open) byChain.set(stored.chainId, [...(byChain.get(stored.chainId) ?? []), stored])
    await Promise.all(
      [...byChain].map(async ([chainId, orders]) => {
        const context = chains.get(chainId)
        if (!context) return
        // One chain's orders go one at a time: they share the solver's nonce and the pools.
        for (const stored of orders) {
          if (stopped) return
          await settleOrder({ context, stored }).catch((error: unknown) => {
            stored.failures += 1
            console.error(`[cow solver] order ${stored.uid} failed (attempt ${stored.failures}):`, error)
          })
        }
      }),
    )
  }
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = poll().finally(schedule)
    }, pollIntervalMs)
  }
  schedule()

  async function settleOrder({ context, stored }: { context: ChainContext; stored: StoredCowOrder }) {
    const { order } = stored
    const settlement = context.sandbox.contracts.gpv2Settlement as Address
    const block = await context.publicClient.getBlock()
    if (block.timestamp > BigInt(order.validTo)) {
      stored.status = 'expired'
      return
    }
    // The book checked these when the order arrived; a solver checks again before it spends gas.
    const digest = hashCowOrder({ order, chainId: context.chainId, settlement })
    const signer = await recoverCowOrderOwner({
      digest,
      signature: stored.signature,
      signingScheme: stored.signingScheme,
    })
    if (!signer || !sameAddress(signer, stored.owner))
      throw new Error('signature does not recover to the owner')
    if (stored.fullAppData !== undefined && keccak256(stringToHex(stored.fullAppData)) !== order.appData) {
      throw new Error('app data does not hash to the signed appData')
    }
    const route = await findBestRoute({
      context,
      sellToken: order.sellToken,
      buyToken: order.buyToken,
      amountIn: order.sellAmount,
    })
    if (!route) return
    const policies = readPartnerFees(stored.fullAppData)
    const factors = capPartnerFeeFactors(policies)
    const feeAmounts = computePartnerFeeAmounts({
      policies,
      grossOut: route.amountOut,
      limitBuyAmount: order.buyAmount,
    })
    const netOut = route.amountOut - feeAmounts.reduce((sum, amount) => sum + amount, 0n)
    // Below the signed limit: leave it open; the price may come back before validTo.
    if (netOut < order.buyAmount) return

    const nativeBuy = isNativePlaceholder(order.buyToken)
    const interactions = [
      {
        target: order.sellToken,
        value: 0n,
        callData: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [context.router, order.sellAmount],
        }),
      },
      {
        target: context.router,
        value: 0n,
        callData: encodeFunctionData({
          abi: uniswapV2Abi,
          functionName: 'swapExactTokensForTokens',
          args: [order.sellAmount, route.amountOut, route.path, settlement, block.timestamp + 600n],
        }),
      },
      ...(nativeBuy
        ? [
            {
              target: context.wrappedNative,
              value: 0n,
              callData: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'withdraw',
                args: [route.amountOut],
              }),
            },
          ]
        : []),
      // Partner fees are not paid in the settlement: they stay in the settlement contract and CoW DAO
      // pays them out later, weekly and valued in WETH, less its share (docs.cow.fi, governance/fees/partner-fee).
    ]
    // Uniform clearing prices that pay the receiver exactly netOut for sellAmount.
    const tokens = [order.sellToken, order.buyToken]
    const clearingPrices = [netOut, order.sellAmount]
    const trade = {
      sellTokenIndex: 0n,
      buyTokenIndex: 1n,
      receiver: order.receiver,
      sellAmount: order.sellAmount,
      buyAmount: order.buyAmount,
      validTo: order.validTo,
      appData: order.appData,
      feeAmount: 0n,
      flags: encodeTradeFlags({ order, signingScheme: stored.signingScheme }),
      executedAmount: order.sellAmount,
      signature: stored.signature,
    }
    const hash = await context.walletClient(solver).writeContract({
      address: settlement,
      abi: gpv2SettlementAbi,
      functionName: 'settle',
      args: [tokens, clearingPrices, [trade], [[], interactions, []]],
    })
    const receipt = await context.publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`settlement ${hash} reverted`)
    stored.status = 'fulfilled'
    stored.executedSellAmount = order.sellAmount
    stored.executedBuyAmount = netOut
    stored.executedPartnerFees = policies.map((policy, index) => ({
      recipient: policy.recipient,
      amount: feeAmounts[index]!,
      factor: factors[index]!,
      kind: policy.kind,
    }))
    for (const [index, policy] of policies.entries()) {
      const key = `${context.chainId}:${policy.recipient.toLowerCase()}:${order.buyToken.toLowerCase()}`
      store.accruedPartnerFees.set(key, (store.accruedPartnerFees.get(key) ?? 0n) + feeAmounts[index]!)
    }
    stored.txHash = hash
    stored.blockNumber = receipt.blockNumber
  }

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
