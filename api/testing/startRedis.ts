import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A redis-server started for one test file; `stop()` kills it by pid. */
export type TestRedis = { url: string; port: number; stop(): Promise<void>; restart(): Promise<void> }

/** A free TCP port on 127.0.0.1. */
export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts `redis-server` on a free port with persistence off, and waits until it accepts
 * connections. `stop()` kills exactly that pid; `restart()` starts it again on the same port.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await getFreePort()
  let child: ReturnType<typeof spawn> | undefined

  async function start(): Promise<void> {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child = started
    await new Promise<void>((resolve, reject) => {
      let output = ''
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Ready to accept connections')) {
          started.stdout?.off('data', onData)
          resolve()
        }
      }
      started.stdout?.on('data', onData)
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
      started.once('error', reject)
    })
    started.stdout?.resume()
    started.stderr?.resume()
  }

  async function stop(): Promise<void> {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null || running.pid === undefined) return
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
    process.kill(running.pid, 'SIGKILL')
    await exited
  }

  await start()
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: start }
}
