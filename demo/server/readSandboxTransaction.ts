import { erc20Abi, getAddress, isAddressEqual, parseEventLogs, type Hash, type PublicClient } from 'viem'
import { findChain, formatAmount } from '../../shared'
import { listTokens } from '../../shared/tokens'

/** One ERC-20 `Transfer` in a transaction, with the amount in human units when the token is curated. */
export type SandboxTokenTransfer = {
  /** The curated token's symbol, or `undefined` for a token outside the chain's list. */
  symbol: string | undefined
  contract: string
  from: string
  to: string
  /** Human units for a curated token, base units otherwise (then `symbol` is undefined). */
  amount: string
}

/** A mined sandbox transaction as the sandbox's transaction page shows it. */
export type SandboxTransaction = {
  chain: { symbol: string; chainId: number; name: string; nativeSymbol: string }
  hash: Hash
  status: 'success' | 'reverted'
  blockNumber: bigint
  from: string
  to: string | undefined
  /** Native value sent, in human units. */
  value: string
  gasUsed: bigint
  /** Gas used times the effective gas price, in human units of the native coin. */
  fee: string
  transfers: SandboxTokenTransfer[]
}

export type ReadSandboxTransactionParameters = {
  chain: { symbol: string; chainId: number; publicClient: PublicClient }
  hash: Hash
}

/**
 * Reads a mined transaction and its receipt from a sandbox chain and decodes its ERC-20 transfers.
 * Resolves `undefined` when the chain has no such transaction (or it is not mined yet).
 *
 * @example
 * const tx = await readSandboxTransaction({ chain: world.chains.ETH, hash })
 * tx?.status // 'success'
 */
export async function readSandboxTransaction({
  chain,
  hash,
}: ReadSandboxTransactionParameters): Promise<SandboxTransaction | undefined> {
  const definition = findChain(chain.symbol)
  if (!definition) throw new Error(`sandbox chain ${chain.symbol} is not in the registry`)
  const [transaction, receipt] = await Promise.all([
    chain.publicClient.getTransaction({ hash }).catch(() => undefined),
    chain.publicClient.getTransactionReceipt({ hash }).catch(() => undefined),
  ])
  if (!transaction || !receipt) return undefined
  const tokens = listTokens(definition)
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).map(
    (log): SandboxTokenTransfer => {
      const token = tokens.find(
        (candidate) => candidate.contract && isAddressEqual(candidate.contract as `0x${string}`, log.address),
      )
      return {
        symbol: token?.symbol,
        contract: log.address,
        from: log.args.from,
        to: log.args.to,
        amount: token
          ? formatAmount({ value: log.args.value, decimals: token.decimals ?? 18 })
          : String(log.args.value),
      }
    },
  )
  return {
    chain: {
      symbol: chain.symbol,
      chainId: chain.chainId,
      name: definition.name,
      nativeSymbol: definition.nativeSymbol,
    },
    hash,
    status: receipt.status,
    blockNumber: receipt.blockNumber,
    from: getAddress(transaction.from),
    to: transaction.to ? getAddress(transaction.to) : undefined,
    value: formatAmount({ value: transaction.value, decimals: definition.nativeDecimals }),
    gasUsed: receipt.gasUsed,
    fee: formatAmount({
      value: receipt.gasUsed * receipt.effectiveGasPrice,
      decimals: definition.nativeDecimals,
    }),
    transfers,
  }
}
