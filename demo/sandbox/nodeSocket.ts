import { custom, RpcRequestError, webSocket, type CustomTransport, type WebSocketTransport } from 'viem'
import { getWebSocketRpcClient, type SocketRpcClient } from 'viem/utils'

/** WebSocket transports to a chain's node, held until `release()`. */
export type NodeSocket = {
  /** For calls: each goes out on a socket with no other call waiting on it (see `holdNodeSocket`). */
  transport: CustomTransport
  /** For subscriptions (`eth_subscribe`): one socket, the node's plain WebSocket URL. */
  subscriptions: WebSocketTransport
  /** Lets go of the sockets; the last holder's release closes them. */
  release(): Promise<void>
}

/** No ping timer and no reconnect: a stopped sandbox leaves no handle open. */
const options = { keepAlive: false, reconnect: false } as const

/** viem's own default for a WebSocket call. */
const CALL_TIMEOUT_MS = 10_000

/** More calls at once than this share the least busy sockets rather than open more. */
const MAX_SOCKETS_PER_NODE = 8

/** One socket of a node's pool: its connection, asked for once, and the calls on it now. */
type PoolMember = { url: string; client: Promise<SocketRpcClient<WebSocket>>; calls: number }

/** A node's sockets, shared by every holder of its URL; `opened` numbers each new one's URL. */
type NodePool = {
  holders: number
  members: PoolMember[]
  opened: number
  subscribed: boolean
  closed: boolean
}

const pools = new Map<string, NodePool>()

/**
 * WebSocket transports to the node behind `rpcUrl` (anvil answers WebSocket on its HTTP port). A
 * JSON-RPC call over one costs the calling process about a seventh of one over HTTP (measured here:
 * 0.2 ms against 1.5 ms with viem's `http` transport and Node's `fetch`), and the simulators make
 * a dozen and more for each quote, in the process that also runs the API.
 *
 * Calls go out one per socket at a time, from a pool that grows to `MAX_SOCKETS_PER_NODE`. Anvil's
 * sockets keep Nagle's algorithm on: when two calls shared a socket, the second answer waited for
 * the acknowledgement of the first, which the client delays by 40 ms (measured here: three calls
 * at once over one socket took 44 ms at the median, 0.6 ms over three). A call sent on a socket
 * carries the acknowledgement of that socket's previous answer, so its own answer goes out at once.
 * Each socket's connection is asked of viem once and kept (viem caches a socket only once it is
 * open, so asking again while it connects would open a second one), and the last holder's release
 * closes exactly those; a call after that fails rather than open a socket nobody would close.
 *
 * @example
 * const socket = holdNodeSocket(rpcUrl)
 * const client = createPublicClient({ chain, transport: socket.transport })
 * await socket.release()
 */
export function holdNodeSocket(rpcUrl: string): NodeSocket {
  const url = rpcUrl.replace(/^http/, 'ws')
  let pool = pools.get(url)
  if (!pool) {
    pool = { holders: 0, members: [], opened: 0, subscribed: false, closed: false }
    pools.set(url, pool)
  }
  pool.holders += 1
  const held = pool
  const subscriptions = webSocket(url, options)
  let released: Promise<void> | undefined
  return {
    // Retried here, not per socket: each attempt takes an idle socket of an open pool again.
    transport: custom({ request: (args) => callOnIdleSocket(url, held, args) }),
    // Counted when a client is made with it: only then is there a socket to close.
    subscriptions: ((parameters) => {
      held.subscribed = true
      return subscriptions(parameters)
    }) as WebSocketTransport,
    release: () =>
      (released ??= (async () => {
        held.holders -= 1
        if (held.holders > 0) return
        held.closed = true
        pools.delete(url)
        const clients = held.members.map((member) => member.client)
        if (held.subscribed) clients.push(getWebSocketRpcClient(url, options))
        await Promise.all(clients.map(closeClient))
      })()),
  }
}

type RequestArguments = { method: string; params?: unknown }

async function callOnIdleSocket(url: string, pool: NodePool, { method, params }: RequestArguments) {
  // EIP-1193's "disconnected" (4900), which viem does not retry.
  if (pool.closed) throw Object.assign(new Error(`the sockets to ${url} are closed`), { code: 4900 })
  let member = pool.members.find((candidate) => candidate.calls === 0)
  if (!member && pool.members.length < MAX_SOCKETS_PER_NODE) {
    const memberUrl = new URL(url)
    // A URL of its own, never one a dropped socket had: viem would hand back that socket while it closes.
    memberUrl.searchParams.set('socket', String(pool.opened++))
    const client = getWebSocketRpcClient(memberUrl.href, options)
    // A failed connection is the failure of the calls that wait for it.
    client.catch(() => undefined)
    member = { url: memberUrl.href, client, calls: 0 }
    pool.members.push(member)
  }
  member ??= pool.members.reduce((least, candidate) => (candidate.calls < least.calls ? candidate : least))
  member.calls += 1
  const body = { method, params }
  try {
    // As viem's `webSocket` transport asks, on the socket chosen here.
    const { error, result } = await (await member.client).requestAsync({ body, timeout: CALL_TIMEOUT_MS })
    if (error) throw new RpcRequestError({ body, error, url: member.url })
    return result
  } catch (error) {
    // A socket that failed (refused, closed, timed out) leaves the pool; the next call opens another.
    if (!(error instanceof RpcRequestError)) dropMember(pool, member)
    throw error
  } finally {
    member.calls -= 1
  }
}

function dropMember(pool: NodePool, member: PoolMember): void {
  const index = pool.members.indexOf(member)
  if (index < 0) return
  pool.members.splice(index, 1)
  void closeClient(member.client)
}

/** Closes a socket once its connection settles; one that never opened has nothing to close. */
function closeClient(client: Promise<SocketRpcClient<WebSocket>>): Promise<void> {
  return client.then(
    (open) => open.close(),
    () => undefined,
  )
}
