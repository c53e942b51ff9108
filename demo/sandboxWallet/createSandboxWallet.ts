import {
  createWalletClient,
  defineChain,
  http,
  isAddressEqual,
  isHex,
  type Address,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Eip1193Provider } from '../../shared/wallet'
import { ProviderRpcError, providerErrorCodes } from './ProviderRpcError'

/** A chain the sandbox wallet can use: its id, display name, native symbol and JSON-RPC URL (the bridge). */
export type SandboxWalletChain = { chainId: number; name: string; nativeSymbol: string; rpcUrl: string }

export type CreateSandboxWalletParameters = {
  /** The dev account's key. Only ever anvil's public dev keys: the wallet holds sandbox funds. */
  privateKey: Hex
  chains: readonly SandboxWalletChain[]
  /** The chain selected at first; default the first of `chains`. */
  chainId?: number
  fetch?: typeof globalThis.fetch
}

type Listener = (...args: unknown[]) => void

/** An EIP-1193 provider with events, as wallets hand them to pages. */
export type SandboxWallet = Eip1193Provider & {
  readonly address: Address
  /** The selected chain id. */
  readonly chainId: number
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

type TransactionParams = {
  from?: Address
  to?: Address | null
  data?: Hex
  input?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  chainId?: Hex
}

/**
 * A wallet in the page for one dev account: it signs locally with viem's `privateKeyToAccount` and
 * sends everything else to the chain's JSON-RPC URL (the sandbox server's `/sandbox/rpc/:chainId`
 * bridge). `eth_sendTransaction` is signed here and sent as `eth_sendRawTransaction`; typed data and
 * messages are signed here; `wallet_switchEthereumChain` changes the chain and emits `chainChanged`.
 * It never asks for confirmation: it is the sandbox's stand-in for a user who approves everything.
 *
 * @example
 * const wallet = createSandboxWallet({ privateKey: manifest.accounts[0].privateKey, chains })
 * await wallet.request({ method: 'eth_requestAccounts' }) // ['0xf39F…2266']
 */
export function createSandboxWallet({
  privateKey,
  chains,
  chainId: initialChainId,
  fetch = globalThis.fetch,
}: CreateSandboxWalletParameters): SandboxWallet {
  const account = privateKeyToAccount(privateKey)
  const first = chains[0]
  if (!first) throw new Error('createSandboxWallet: no chains')
  const byId = new Map(chains.map((chain) => [chain.chainId, chain]))
  let current = byId.get(initialChainId ?? first.chainId) ?? first
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const viemChains = new Map<number, Chain>()
  const viemChain = (chain: SandboxWalletChain) => {
    let known = viemChains.get(chain.chainId)
    if (!known) {
      known = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      viemChains.set(chain.chainId, known)
    }
    return known
  }
  let rpcId = 0

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const response = await fetch(current.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { code: number; message: string; data?: unknown } }
      | { error: string; code: string }
      | undefined
    if (body && typeof body.error === 'object' && body.error) throw new ProviderRpcError(body.error)
    if (!response.ok || !body || !('result' in body)) {
      const message =
        body && typeof body.error === 'string' ? body.error : `the sandbox chain answered ${response.status}`
      throw new ProviderRpcError({ code: -32603, message })
    }
    return body.result
  }

  const requireOwnAddress = (address: unknown) => {
    if (typeof address !== 'string' || !isAddressEqual(address as Address, account.address)) {
      throw new ProviderRpcError({
        code: providerErrorCodes.unauthorized,
        message: `The sandbox wallet holds only ${account.address}`,
      })
    }
  }

  const sendTransaction = async (tx: TransactionParams | undefined): Promise<Hex> => {
    if (!tx || typeof tx !== 'object') {
      throw new ProviderRpcError({ code: providerErrorCodes.invalidParams, message: 'Missing transaction' })
    }
    if (tx.from !== undefined) requireOwnAddress(tx.from)
    const chain = current
    // As MetaMask does: a transaction for another chain than the wallet's is refused, never sent on this one
    // (a swap meant for Ethereum, sent while the wallet was switched to Base, reverted there).
    if (tx.chainId !== undefined && Number(BigInt(tx.chainId)) !== chain.chainId) {
      throw new ProviderRpcError({
        code: providerErrorCodes.invalidParams,
        message: `Invalid transaction params: chainId ${Number(BigInt(tx.chainId))} is not the wallet's chain ${chain.chainId}`,
      })
    }
    const client = createWalletClient({
      account,
      chain: viemChain(chain),
      transport: http(chain.rpcUrl, { fetchFn: fetch, retryCount: 0 }),
    })
    const data = tx.data ?? tx.input
    return client.sendTransaction({
      account,
      chain: viemChain(chain),
      to: tx.to ?? null,
      ...(data ? { data } : {}),
      ...(tx.value ? { value: BigInt(tx.value) } : {}),
      ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
      ...(tx.nonce ? { nonce: Number(BigInt(tx.nonce)) } : {}),
    })
  }

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_chainId':
        return `0x${current.chainId.toString(16)}`
      case 'net_version':
        return String(current.chainId)
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_coinbase':
        return account.address
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const requested = (list[0] as { chainId?: unknown } | undefined)?.chainId
        const chain =
          typeof requested === 'string' && isHex(requested) ? byId.get(Number(BigInt(requested))) : undefined
        if (!chain) {
          throw new ProviderRpcError({
            code: providerErrorCodes.unrecognizedChain,
            message: `The sandbox has no chain ${String(requested).slice(0, 20)}`,
          })
        }
        if (chain !== current) {
          current = chain
          emit('chainChanged', `0x${chain.chainId.toString(16)}`)
        }
        return null
      }
      case 'eth_sendTransaction':
        return sendTransaction(list[0] as TransactionParams | undefined)
      case 'eth_signTypedData_v4': {
        requireOwnAddress(list[0])
        const typedData = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as TypedDataDefinition
        return account.signTypedData(typedData)
      }
      case 'personal_sign': {
        requireOwnAddress(list[1])
        const message = list[0]
        if (typeof message !== 'string') {
          throw new ProviderRpcError({ code: providerErrorCodes.invalidParams, message: 'Missing message' })
        }
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new ProviderRpcError({
          code: providerErrorCodes.unsupportedMethod,
          message: `${method} is not supported by the sandbox wallet`,
        })
      default:
        // A wallet's own methods it does not implement (`wallet_getPermissions`, `wallet_revokePermissions`,
        // `wallet_getCapabilities`, which wagmi asks) are answered 4200 as a browser wallet answers them;
        // only chain methods go on to the chain.
        if (!/^(eth|net|web3)_/.test(method)) {
          throw new ProviderRpcError({
            code: providerErrorCodes.unsupportedMethod,
            message: `${method.slice(0, 64)} is not supported by the sandbox wallet`,
          })
        }
        return forward(method, params)
    }
  }

  return {
    address: account.address,
    get chainId() {
      return current.chainId
    },
    request,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
