import type { Quote } from '../../shared'
import { loadConfig } from '../config'
import type { ApiServer, StartApiServerParameters } from '../server'
import { startApiServer } from '../server'
import { silentLogger } from '../logging/logger'

/** Starts the real Node server on 127.0.0.1 port 0 with a test config (tests only). */
export async function startTestServer(
  overrides: Partial<Omit<StartApiServerParameters, 'config'>> & { env?: Record<string, string> } = {},
): Promise<ApiServer & { get(path: string, init?: RequestInit): Promise<Response> }> {
  const { env = {}, ...rest } = overrides
  const server = await startApiServer({
    config: loadConfig({ HOST: '127.0.0.1', PORT: '0', ...env }),
    logger: silentLogger,
    ...rest,
  })
  return { ...server, get: (path, init) => fetch(`${server.url}/api/sdk/v1${path}`, init) }
}

/** A same-chain ETH→USDC quote query on Ethereum, with overrides. */
export function quotePath(params: Record<string, string | undefined> = {}): string {
  const merged: Record<string, string | undefined> = {
    sellChain: 'ETH',
    sellToken: 'ETH',
    buyChain: 'ETH',
    buyToken: 'USDC',
    amount: '1',
    address: '0x1111111111111111111111111111111111111111',
    ...params,
  }
  const query = new URLSearchParams(
    Object.entries(merged).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
  )
  return `/quote?${query}`
}

export type { Quote }
