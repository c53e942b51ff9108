import { createServer } from 'node:http'
import { listenOnLoopback } from './rawHttp'

/** One JSON-RPC call the stand-in received. */
export type JsonRpcCall = { id: unknown; method: string; params: unknown[] }

/**
 * How the stand-in answers one call: a `result`, a JSON-RPC `error` (in an HTTP 200, as nodes do),
 * a bare HTTP `status` with an optional text body, or `hang` (no answer until the stand-in closes).
 */
export type JsonRpcAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  | { status: number; body?: string }
  | { hang: true }

export type JsonRpcNode = {
  /** The base URL plus `path`, as a `RPC_URL_*` setting. */
  url: string
  calls: JsonRpcCall[]
  close(): Promise<void>
}

/**
 * A JSON-RPC node stand-in on 127.0.0.1, reached over real HTTP (tests only). `answer` decides each
 * call; a batch is answered call by call. `path` is where the node is served, such as a provider's
 * `/v2/<key>`, so a test can check that the key never leaks.
 *
 * @example
 * const node = await startJsonRpcNode({ path: '/v2/key', answer: () => ({ status: 500 }) })
 * const config = loadConfig({ RPC_URL_ETH: node.url })
 */
export async function startJsonRpcNode({
  answer,
  path = '/',
}: {
  answer: (call: JsonRpcCall) => JsonRpcAnswer | Promise<JsonRpcAnswer>
  path?: string
}): Promise<JsonRpcNode> {
  const calls: JsonRpcCall[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      response.writeHead(400).end('not JSON')
      return
    }
    const batch = Array.isArray(body)
    const answers: Record<string, unknown>[] = []
    for (const call of (batch ? body : [body]) as JsonRpcCall[]) {
      calls.push(call)
      const answered = await answer(call)
      if ('hang' in answered) return
      if ('status' in answered) {
        response.writeHead(answered.status, { 'content-type': 'text/plain' }).end(answered.body ?? '')
        return
      }
      answers.push({ jsonrpc: '2.0', id: call.id, ...answered })
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(batch ? answers : answers[0]))
  })
  const base = await listenOnLoopback(server)
  return {
    url: `${base}${path}`,
    calls,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
