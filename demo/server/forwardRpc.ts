import { SwapError } from '../../shared'

/** JSON-RPC namespaces the browser may reach: reads and raw sends, never anvil's cheat codes. */
const allowedMethod = /^(eth|net|web3)_[A-Za-z0-9]+$/

/** Largest JSON-RPC request body forwarded (a signed swap transaction is a few kB). */
export const MAX_RPC_BODY_BYTES = 256 * 1024

export type ForwardRpcParameters = {
  rpcUrl: string
  /** The request body as received. */
  body: string
  fetch?: typeof globalThis.fetch
  signal?: AbortSignal
}

/**
 * Forwards one JSON-RPC request (or batch) to a sandbox chain's anvil and returns anvil's answer as is.
 * Only `eth_*`, `net_*` and `web3_*` methods pass, so a page cannot call `anvil_setBalance` and the
 * like through the bridge; anything else is `BAD_REQUEST`.
 *
 * @example
 * await forwardRpc({ rpcUrl: world.chains.ETH.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
 */
export async function forwardRpc({
  rpcUrl,
  body,
  fetch = globalThis.fetch,
  signal,
}: ForwardRpcParameters): Promise<Response> {
  if (body.length > MAX_RPC_BODY_BYTES) {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'JSON-RPC body too large' })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'The body is not JSON' })
  }
  const calls = Array.isArray(parsed) ? parsed : [parsed]
  if (calls.length === 0) throw new SwapError({ code: 'BAD_REQUEST', message: 'Empty JSON-RPC batch' })
  for (const call of calls) {
    const method = (call as { method?: unknown } | null)?.method
    if (typeof method !== 'string' || !allowedMethod.test(method)) {
      throw new SwapError({
        code: 'BAD_REQUEST',
        message: `JSON-RPC method not allowed through the sandbox bridge: ${String(method).slice(0, 64)}`,
      })
    }
  }
  let answer: Response
  try {
    answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      ...(signal ? { signal } : {}),
    })
  } catch (cause) {
    // The page that asked went away (a tab closed mid-request): the chain did nothing wrong, so this is
    // not reported as its failure.
    if (signal?.aborted) throw cause
    throw new SwapError({ code: 'UPSTREAM_ERROR', message: 'The sandbox chain did not answer', cause })
  }
  return new Response(await answer.text(), {
    status: answer.status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  })
}
