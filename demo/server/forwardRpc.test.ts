import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSwapError } from '../../shared'
import { forwardRpc } from './forwardRpc'

const call = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'

describe('forwardRpc (against a real HTTP server standing in for the chain)', () => {
  let server: Server
  let rpcUrl: string
  let asked!: () => void
  beforeAll(async () => {
    // A chain that takes the call and never answers it.
    server = createServer(() => asked())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('passes on the abort, not UPSTREAM_ERROR, when the page that asked went away', async () => {
    const page = new AbortController()
    const reached = new Promise<void>((resolve) => (asked = resolve))
    const forwarding = forwardRpc({ rpcUrl, body: call, signal: page.signal }).catch(
      (caught: unknown) => caught,
    )
    await reached
    page.abort()
    const error = await forwarding
    expect(isSwapError(error)).toBe(false)
    expect((error as Error).name).toBe('AbortError')
  })

  it('answers UPSTREAM_ERROR when the chain is not there', async () => {
    const error = await forwardRpc({ rpcUrl: 'http://127.0.0.1:9', body: call }).catch(
      (caught: unknown) => caught,
    )
    expect(isSwapError(error) && error.code).toBe('UPSTREAM_ERROR')
  })
})
