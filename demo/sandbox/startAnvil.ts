import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { killOnExit, killPid } from './killOnExit'

const require = createRequire(import.meta.url)

/** A running anvil process. */
export type AnvilInstance = {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Stops the process (SIGTERM, then SIGKILL after two seconds) and resolves once it has exited. Idempotent. */
  stop: () => Promise<void>
}

export type StartAnvilParameters = {
  chainId: number
  /** Give up if the RPC does not answer within this time. */
  timeoutMs?: number
}

/**
 * The anvil binary of the `@foundry-rs/anvil` platform package for this machine (npm installs it as
 * an optional dependency), resolved from `node_modules` rather than a machine path.
 */
export function resolveAnvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string]
  if (!arch) throw new Error(`anvil: no @foundry-rs/anvil build for ${process.platform}/${process.arch}`)
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`)
}

/** Finds `count` distinct free TCP ports on 127.0.0.1 by binding port 0 and closing again. */
export async function findFreePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => (server.address() as import('node:net').AddressInfo).port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    return response.ok
  } catch {
    return false
  }
}

async function startOnce(chainId: number, port: number, timeoutMs: number): Promise<AnvilInstance> {
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', '127.0.0.1', '--silent']
  const child = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  if (child.pid === undefined) {
    await new Promise((resolve) => child.once('error', resolve))
    throw new Error(`anvil: failed to spawn for chain ${chainId}`)
  }
  const pid = child.pid
  const guard = killOnExit(pid)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000)
  })
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  let hasExited = false
  void exited.then(() => {
    hasExited = true
    guard.release()
  })

  const stop = async (graceMs = 2000) => {
    if (hasExited) return
    killPid(pid, 'SIGTERM')
    const timer = setTimeout(() => killPid(pid, 'SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }

  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (!(await rpcAnswers(rpcUrl))) {
    if (hasExited || Date.now() > deadline) {
      await stop()
      throw new Error(
        `anvil: chain ${chainId} did not start on port ${port}${stderr ? `: ${stderr.trim()}` : ''}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return { chainId, port, rpcUrl, pid, stop: () => stop() }
}

/**
 * Starts anvil on a free port of 127.0.0.1 with the given chain id, `--silent`, and anvil's default
 * mnemonic (ten funded, unlocked dev accounts). The process is killed when this one exits or is
 * interrupted. A port taken between choosing it and binding it is retried with another port.
 *
 * @example
 * const anvil = await startAnvil({ chainId: 8453 })
 * // ... anvil.rpcUrl ...
 * await anvil.stop()
 */
export async function startAnvil({
  chainId,
  timeoutMs = 10_000,
}: StartAnvilParameters): Promise<AnvilInstance> {
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    const [port] = await findFreePorts(1)
    try {
      return await startOnce(chainId, port!, timeoutMs)
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}
