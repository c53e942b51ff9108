import type { Order } from '../schemas'
import { ensureWalletChain } from './ensureWalletChain'
import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { isUserRejection } from './isUserRejection'
import type { SwapWallet } from './swapWallet'

export type SubmitOrderParameters = {
  wallet: SwapWallet
  /** The quote's `order`. */
  order: Order
  fetch?: typeof fetch | undefined
  onStep?: OnExecutionStep | undefined
  signal?: AbortSignal | undefined
  switchChain?: boolean | undefined
}

export type SubmitOrderReturnType = {
  orderUid: string
  /** Where the order's state is read: `postUrl` + `/` + uid, as CoW's order book serves it. */
  orderUrl: string
  signature: `0x${string}`
  chainId: number
}

/**
 * Places a signed-order route (contract 4.3, rule 4): (a) `PUT` the app data to `appDataUrl`,
 * (b) sign `typedData` verbatim with `eth_signTypedData_v4` from the wallet's address, (c) `POST`
 * `body` plus `signature` and `signingScheme` to `postUrl`. Returns the order uid from the answer.
 * Throws `ExecutionError`: `rejected` (step `sign`), `wrong-account` when the order names another
 * owner, `appdata-rejected` or `order-rejected` when the venue refuses, `order-unreachable` when its
 * order book cannot be reached (a network failure, or a page whose CORS the venue does not allow).
 */
export async function submitOrder({
  wallet,
  order,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
  onStep,
  signal,
  switchChain,
}: SubmitOrderParameters): Promise<SubmitOrderReturnType> {
  const { chainId } = order
  const address = wallet.account.address
  const owner = order.body.from
  if (typeof owner === 'string' && owner.toLowerCase() !== address.toLowerCase()) {
    throw new ExecutionError({
      reason: 'wrong-account',
      chainId,
      message: `This order belongs to ${owner}; the connected wallet is ${address}. Get a fresh quote.`,
    })
  }
  await ensureWalletChain({ wallet, chainId, switchChain, onStep })
  // A JSON request to the order book. One that never got an answer is the venue out of reach, not the
  // wallet failing. The signed order's POST may have arrived all the same: its words say so, so that
  // nobody takes a new order for the only one.
  const callVenue = (url: string, method: 'PUT' | 'POST', body: unknown) =>
    fetchFn(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    }).catch((error: unknown) => {
      if (signal?.aborted) throw error
      throw new ExecutionError({
        reason: 'order-unreachable',
        chainId,
        message: `The venue's order book could not be reached${method === 'POST' ? '; the signed order may have been placed' : ''}.`,
        cause: error,
      })
    })

  const appDataResponse = await callVenue(order.appDataUrl, 'PUT', {
    fullAppData: order.appData.fullAppData,
  })
  if (!appDataResponse.ok) {
    throw new ExecutionError({
      reason: 'appdata-rejected',
      chainId,
      message: `The venue refused the order's app data (${appDataResponse.status}): ${await readVenueMessage(appDataResponse)}`,
    })
  }
  onStep?.({ step: 'appdata:uploaded', chainId })

  onStep?.({ step: 'sign:pending', chainId })
  let signature: `0x${string}`
  try {
    // Verbatim: the typed data is serialised as received, never rebuilt.
    signature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(order.typedData)],
    })) as `0x${string}`
  } catch (error) {
    if (isUserRejection(error)) {
      throw new ExecutionError({
        reason: 'rejected',
        step: 'sign',
        chainId,
        message: 'The order signature was declined in the wallet.',
        cause: error,
      })
    }
    throw error
  }
  onStep?.({ step: 'sign:signed', chainId })
  signal?.throwIfAborted()

  const postResponse = await callVenue(order.postUrl, 'POST', {
    ...order.body,
    signature,
    signingScheme: order.signingScheme,
  })
  if (!postResponse.ok) {
    throw new ExecutionError({
      reason: 'order-rejected',
      chainId,
      message: `The venue refused the order (${postResponse.status}): ${await readVenueMessage(postResponse)}`,
    })
  }
  const orderUid = readOrderUid(await postResponse.text())
  if (!orderUid) {
    throw new ExecutionError({
      reason: 'order-rejected',
      chainId,
      message: 'The venue accepted the order but did not answer with its uid.',
    })
  }
  const orderUrl = `${order.postUrl.replace(/\/+$/, '')}/${orderUid}`
  onStep?.({ step: 'order:posted', chainId, orderUid })
  return { orderUid, orderUrl, signature, chainId }
}

/** CoW answers the uid as a JSON string; accept `{ uid }` and a bare string too. */
function readOrderUid(text: string): string | undefined {
  let value: unknown = text.trim()
  try {
    value = JSON.parse(text)
  } catch {
    // a bare, unquoted uid
  }
  if (typeof value === 'object' && value !== null) value = (value as { uid?: unknown }).uid
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? value : undefined
}

/** The venue's own explanation (CoW: `{ errorType, description }`), short and without secrets. */
async function readVenueMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { description?: unknown; errorType?: unknown; error?: unknown }
    const message = body.description ?? body.error ?? body.errorType
    if (typeof message === 'string') return message.slice(0, 200)
  } catch {
    // not JSON
  }
  return text.slice(0, 200) || response.statusText || 'no reason given'
}
