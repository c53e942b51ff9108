import type { Eip1193Provider } from '../swapWallet'

export type FakeProviderOptions = {
  /** The chain the wallet starts on. Default 1. */
  chainId?: number
  accounts?: `0x${string}`[]
  /** Methods the user declines (EIP-1193 code 4001), for example `eth_signTypedData_v4`. */
  rejectMethods?: string[]
  /** Decline only the n-th `eth_sendTransaction` (0-based). */
  rejectSendIndex?: number
  /** Fail only the n-th `eth_sendTransaction` (0-based) with an internal error: nothing is sent. */
  failSendIndex?: number
  /** Mine the n-th `eth_sendTransaction` (0-based) with status 0. */
  revertSendIndex?: number
  /** Answer `wallet_switchEthereumChain` with 4902 (unknown chain) instead of switching. */
  cannotSwitch?: boolean
  /** How many receipt polls answer `null` before a transaction is mined. Default 0. */
  pendingPolls?: number
  /** How many receipt polls of each transaction fail before any answer; `Infinity` for all. Default 0. */
  failingPolls?: number
  /** What a failing receipt poll throws. Default: an RPC rate limit (-32005). */
  pollError?: () => unknown
  /** ERC-20 `allowance(owner, spender)` read by `eth_call` before any approval is mined. Default 0. */
  allowance?: bigint
  /** Answer the allowance `eth_call` with an error. */
  failAllowanceRead?: boolean
  /** Mine an approve from one non-zero allowance to another with status 0, as USDT does. */
  refuseNonZeroApprove?: boolean
  /** What the account holds, of any ERC-20 (`balanceOf`) and of the native coin. Default: plenty. */
  balance?: bigint
  /** What the account holds of the native coin, when it differs from `balance`. */
  nativeBalance?: bigint
}

export type FakeProviderCall = { method: string; params: unknown; result?: unknown }

export type FakeProvider = Eip1193Provider & {
  /** Every request in order, as the wallet received it. */
  calls: FakeProviderCall[]
  /** The current chain id. */
  chainId: number
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
  /** Emits an EIP-1193 event (`accountsChanged`, `chainChanged`) as a wallet would. */
  emit(event: string, ...args: unknown[]): void
}

/**
 * An in-memory EIP-1193 wallet whose failures are switched on by flags, for tests of the execution
 * rules (the model is wagmi's mock connector). It records every request.
 */
export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
  const accounts = options.accounts ?? ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const receipts = new Map<string, { polls: number; failed: number; status: '0x1' | '0x0' }>()
  const allowances = new Map<string, bigint>()
  const allowanceOf = (token: string, spender: string) =>
    allowances.get(`${token}:${spender}`.toLowerCase()) ?? options.allowance ?? 0n
  let sendCount = 0
  const provider: FakeProvider = {
    calls: [],
    chainId: options.chainId ?? 1,
    async request({ method, params }) {
      const call: FakeProviderCall = { method, params }
      provider.calls.push(call)
      call.result = await answer(method, params)
      return call.result
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    if (options.rejectMethods?.includes(method)) throw userRejected()
    switch (method) {
      case 'eth_chainId':
        return `0x${provider.chainId.toString(16)}`
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return accounts
      case 'wallet_switchEthereumChain': {
        if (options.cannotSwitch) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
        const [{ chainId }] = params as [{ chainId: string }]
        provider.chainId = Number(BigInt(chainId))
        provider.emit('chainChanged', chainId)
        return null
      }
      case 'eth_sendTransaction': {
        const index = sendCount++
        if (options.rejectSendIndex === index) throw userRejected()
        if (options.failSendIndex === index)
          throw Object.assign(new Error('Internal error'), { code: -32603 })
        const hash = `0x${(index + 1).toString(16).padStart(64, 'a')}`
        const [tx] = params as [{ to: string; data?: string }]
        let reverts = options.revertSendIndex === index
        if (tx.data?.startsWith(APPROVE_SELECTOR)) {
          const spender = `0x${tx.data.slice(34, 74)}`
          const amount = BigInt(`0x${tx.data.slice(74, 138)}`)
          if (options.refuseNonZeroApprove && amount > 0n && allowanceOf(tx.to, spender) > 0n) reverts = true
          if (!reverts) allowances.set(`${tx.to}:${spender}`.toLowerCase(), amount)
        }
        receipts.set(hash, { polls: 0, failed: 0, status: reverts ? '0x0' : '0x1' })
        return hash
      }
      case 'eth_getTransactionReceipt': {
        const [hash] = params as [string]
        const receipt = receipts.get(hash)
        if (!receipt) return null
        if (receipt.failed < (options.failingPolls ?? 0)) {
          receipt.failed++
          throw options.pollError?.() ?? rateLimited()
        }
        if (receipt.polls++ < (options.pendingPolls ?? 0)) return null
        return { transactionHash: hash, status: receipt.status, blockNumber: '0x10' }
      }
      case 'eth_getBalance':
        return `0x${(options.nativeBalance ?? options.balance ?? 2n ** 128n).toString(16)}`
      case 'eth_call': {
        const [{ to, data }] = params as [{ to: string; data: string }]
        if (data.startsWith(BALANCE_OF_SELECTOR)) {
          return `0x${(options.balance ?? 2n ** 128n).toString(16).padStart(64, '0')}`
        }
        if (!data.startsWith(ALLOWANCE_SELECTOR)) break
        if (options.failAllowanceRead) throw Object.assign(new Error('execution reverted'), { code: -32000 })
        const spender = `0x${data.slice(98, 138)}`
        return `0x${allowanceOf(to, spender).toString(16).padStart(64, '0')}`
      }
      case 'eth_signTypedData_v4':
        return `0x${'5'.repeat(130)}`
    }
    throw Object.assign(new Error(`method not supported: ${method}`), { code: 4200 })
  }
  return provider
}

const APPROVE_SELECTOR = '0x095ea7b3'
const ALLOWANCE_SELECTOR = '0xdd62ed3e'
const BALANCE_OF_SELECTOR = '0x70a08231'

function rateLimited(): Error {
  return Object.assign(new Error('Request exceeds defined limit'), { code: -32005 })
}

function userRejected(): Error {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 })
}
