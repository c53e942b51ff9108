import { SwapError } from '../../shared'
import type { VenueFetch } from '../venues/common/venueFetch'

/** One log of a receipt, as JSON-RPC states it. */
export type ChainLog = { address: string; topics: readonly string[]; data: string }

/** The parts of an EVM receipt `/status` reads. */
export type ChainReceipt = {
  transactionHash: string
  status: 'success' | 'reverted'
  from: string
  to: string | undefined
  blockNumber: bigint
  gasUsed: bigint
  effectiveGasPrice: bigint
  /** OP-stack chains (Base): the L1 data fee the sender paid beside gas. */
  l1Fee: bigint
  logs: readonly ChainLog[]
}

/** The parts of an EVM transaction `/status` reads. */
export type ChainTransaction = {
  from: string
  to: string | undefined
  value: bigint
  /** The calldata, `0x…` (`input` in JSON-RPC). */
  input: string
}

/**
 * Reads EVM chains through the configured `RPC_URL_*` nodes: receipts, transactions and balances, the
 * evidence `/status` checks a delivery against. A node that fails is `UPSTREAM_ERROR`, never naming
 * the URL (providers keep the key in it).
 */
export type ChainReader = {
  /** Whether `chain` (a symbol) has a node configured. */
  has(chain: string): boolean
  /** The receipt, or undefined while the transaction is not mined (or unknown). */
  receipt(chain: string, hash: string, signal: AbortSignal): Promise<ChainReceipt | undefined>
  transaction(chain: string, hash: string, signal: AbortSignal): Promise<ChainTransaction | undefined>
  /** The native balance of `address` at the end of block `blockNumber`. */
  balance(chain: string, address: string, blockNumber: bigint, signal: AbortSignal): Promise<bigint>
}

/**
 * A `ChainReader` over plain JSON-RPC (`eth_getTransactionReceipt`, `eth_getTransactionByHash`,
 * `eth_getBalance`) with the API's venue HTTP client, so tests can answer it with a fake `fetch`.
 *
 * @example
 * const reader = createChainReader({ rpcUrls: { ETH: 'http://127.0.0.1:8545' }, fetch })
 * await reader.receipt('ETH', '0x…', signal)
 */
export function createChainReader({
  rpcUrls,
  fetch,
}: {
  rpcUrls: Readonly<Record<string, string>>
  fetch: VenueFetch
}): ChainReader {
  let nextId = 1

  async function call(chain: string, method: string, params: unknown[], signal: AbortSignal) {
    const url = rpcUrls[chain]
    if (!url) throw new SwapError({ code: 'NOT_CONFIGURED', message: `No RPC_URL_${chain} is configured` })
    const failed = (cause?: unknown) =>
      new SwapError({ code: 'UPSTREAM_ERROR', message: `The ${chain} node could not be read`, cause })
    let body: unknown
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal,
      })
      const text = await response.text()
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`)
      body = JSON.parse(text)
    } catch (error) {
      if (signal.aborted) throw error
      throw failed(error)
    }
    const answer = body as { result?: unknown; error?: { code?: unknown; message?: unknown } }
    if (answer.error !== undefined) throw failed(new Error(`JSON-RPC error ${String(answer.error.code)}`))
    return answer.result
  }

  return {
    has: (chain) => rpcUrls[chain] !== undefined,
    async receipt(chain, hash, signal) {
      const raw = (await call(chain, 'eth_getTransactionReceipt', [hash], signal)) as RawReceipt | null
      if (!raw) return undefined
      return parsed(chain, () => ({
        transactionHash: text(raw.transactionHash),
        status: raw.status === '0x1' ? ('success' as const) : ('reverted' as const),
        from: text(raw.from),
        to: raw.to === null || raw.to === undefined ? undefined : text(raw.to),
        blockNumber: BigInt(raw.blockNumber),
        gasUsed: BigInt(raw.gasUsed),
        effectiveGasPrice: BigInt(raw.effectiveGasPrice ?? '0x0'),
        l1Fee: raw.l1Fee ? BigInt(raw.l1Fee) : 0n,
        logs: (raw.logs ?? []).map((log) => ({
          address: text(log.address),
          topics: log.topics.map(text),
          data: text(log.data),
        })),
      }))
    },
    async transaction(chain, hash, signal) {
      const raw = (await call(chain, 'eth_getTransactionByHash', [hash], signal)) as RawTransaction | null
      if (!raw) return undefined
      return parsed(chain, () => ({
        from: text(raw.from),
        to: raw.to === null || raw.to === undefined ? undefined : text(raw.to),
        value: BigInt(raw.value ?? '0x0'),
        input: text(raw.input ?? '0x'),
      }))
    },
    async balance(chain, address, blockNumber, signal) {
      const raw = await call(chain, 'eth_getBalance', [address, `0x${blockNumber.toString(16)}`], signal)
      return parsed(chain, () => BigInt(raw as string))
    },
  }
}

/** Reads a node's answer; one that is not what JSON-RPC specifies is the node's failure, not ours. */
function parsed<T>(chain: string, read: () => T): T {
  try {
    return read()
  } catch (cause) {
    throw new SwapError({
      code: 'UPSTREAM_ERROR',
      message: `The ${chain} node answered malformed data`,
      cause,
    })
  }
}

/** A string field of a node's answer; anything else is malformed. */
function text(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('expected a string')
  return value
}

type RawReceipt = {
  transactionHash: string
  status: string
  from: string
  to: string | null
  blockNumber: string
  gasUsed: string
  effectiveGasPrice?: string
  l1Fee?: string
  logs?: { address: string; topics: string[]; data: string }[]
}

type RawTransaction = { from: string; to: string | null; value?: string; input?: string }
