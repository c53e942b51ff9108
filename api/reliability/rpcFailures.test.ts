import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../shared'
import { loadConfig } from '../config'
import { createLogger } from '../logging/logger'
import { erc20Node, rpcAnswers } from '../testing/erc20Node'
import { fakeVenue, priced } from '../testing/fakeVenue'
import type { JsonRpcAnswer, JsonRpcNode } from '../testing/startJsonRpcNode'
import { startJsonRpcNode } from '../testing/startJsonRpcNode'
import { quotePath, startTestServer } from '../testing/testServer'
import { createVenuesFromConfig } from '../venues/createVenuesFromConfig'

/*
 * A chain's node failing (HTTP 500, a JSON-RPC error in a 200) is an outage, answered 502
 * UPSTREAM_ERROR, never "this token does not exist"; and the RPC URL, where providers keep the API
 * key (`/v2/<key>`, `/v3/<key>`), never reaches a log line. The logger here is given no secrets, so
 * it is what the API chooses to log that is checked.
 */

const KEY = 'SomeSecretKey'
const UNLISTED = '0x3333333333333333333333333333333333333333'
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'

let failure: JsonRpcAnswer = rpcAnswers.serverError
let eth: JsonRpcNode
let rhd: JsonRpcNode
let server: Awaited<ReturnType<typeof startTestServer>>
const lines: string[] = []
let caller = 0

beforeAll(async () => {
  eth = await startJsonRpcNode({
    path: `/v2/${KEY}`,
    answer: (call) => erc20Node({ [UNLISTED]: { decimals: failure, symbol: failure, name: failure } })(call),
  })
  rhd = await startJsonRpcNode({ path: `/v3/${KEY}`, answer: () => failure })
  const env = {
    QUOTE_DEADLINE_MS: '2000',
    RPC_URL_ETH: eth.url,
    RPC_URL_RHD: rhd.url,
    RHD_ROUTER_ADDRESS: ROUTER,
  }
  const routerOnly = createVenuesFromConfig({ config: loadConfig(env) }).filter(
    (venue) => venue.id === 'router',
  )
  expect(routerOnly).toHaveLength(1)
  server = await startTestServer({
    env,
    venues: [
      ...routerOnly,
      fakeVenue({
        id: 'lifi',
        serves: (request) => request.sellChain.symbol === 'ETH',
        answer: (request) => priced(request, 'lifi', 1_000n),
      }),
    ],
    logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
  })
})

afterAll(async () => {
  await server?.close()
  await eth?.close()
  await rhd?.close()
})

async function quote(params: Record<string, string>) {
  caller += 1
  const response = await server.get(quotePath(params), {
    headers: { 'X-Forwarded-For': `203.0.113.${caller}` },
  })
  return { status: response.status, body: ErrorBodySchema.parse(await response.json()) }
}

const unlistedToken = { buyToken: UNLISTED }
const rhdPair = { sellChain: 'RHD', sellToken: 'ETH', buyChain: 'RHD', buyToken: 'USDG' }

describe('a failing chain node', () => {
  it('answers 502 UPSTREAM_ERROR for an unlisted ERC-20 when the node answers HTTP 500, and logs no key', async () => {
    failure = rpcAnswers.serverError
    lines.length = 0
    const { status, body } = await quote(unlistedToken)
    expect(status).toBe(502)
    expect(body.code).toBe('UPSTREAM_ERROR')
    expect(JSON.stringify(body)).not.toContain(KEY)
    // The failure was logged, with what went wrong but without the URL.
    const logged = lines.find((line) => line.includes('upstream error'))
    expect(logged).toContain('HttpRequestError')
    expect(logged).toContain('"status":500')
    expect(lines.filter((line) => line.includes(KEY) || line.includes('127.0.0.1'))).toEqual([])
  })

  it('answers 502, not 404 UNKNOWN_TOKEN, when the node answers a JSON-RPC error in an HTTP 200', async () => {
    for (const answer of [rpcAnswers.limitExceeded, rpcAnswers.internalError]) {
      failure = answer
      lines.length = 0
      const { status, body } = await quote(unlistedToken)
      expect({ status, code: body.code }).toEqual({ status: 502, code: 'UPSTREAM_ERROR' })
      expect(lines.some((line) => line.includes(`"code":${answer.error.code}`))).toBe(true)
      expect(lines.filter((line) => line.includes(KEY))).toEqual([])
    }
  })

  it('answers 404 UNKNOWN_TOKEN only when the contract itself reverts', async () => {
    failure = rpcAnswers.reverted
    const { status, body } = await quote(unlistedToken)
    expect({ status, code: body.code }).toEqual({ status: 404, code: 'UNKNOWN_TOKEN' })
  })

  it('answers 502 on the RHD router when its node fails, and logs no key', async () => {
    for (const answer of [rpcAnswers.serverError, rpcAnswers.limitExceeded]) {
      failure = answer
      lines.length = 0
      const { status, body } = await quote(rhdPair)
      expect({ status, code: body.code }).toEqual({ status: 502, code: 'UPSTREAM_ERROR' })
      expect(lines.some((line) => line.includes('upstream error'))).toBe(true)
      expect(lines.filter((line) => line.includes(KEY) || line.includes('127.0.0.1'))).toEqual([])
    }
    expect(rhd.calls.length).toBeGreaterThan(0)
  })
})
