import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { spawnUntilReady, stopChild } from './spawnUntilReady'

/** A redis-server started for one test file; `stop()` kills it by pid. */
export type TestRedis = {
  url: string
  port: number
  stop(): Promise<void>
  restart(): Promise<void>
  /** Stops the server's process (SIGSTOP): connections stay open and nothing is answered, as a hung Redis. */
  pause(): void
  /** Lets a paused server run again (SIGCONT): it answers what was sent meanwhile. */
  resume(): void
}

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
 * connections. `stop()` kills exactly that pid; `restart()` starts it again on the same port. With
 * `password`, clients must give it (`requirepass`); `url` carries it.
 */
export async function startRedis({ password }: { password?: string } = {}): Promise<TestRedis> {
  const port = await getFreePort()
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = await spawnUntilReady({
      command: 'redis-server',
      args: [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...(password ? ['--requirepass', password] : []),
      ],
      stream: 'stdout',
      ready: 'Ready to accept connections',
    })
  }

  async function stop(): Promise<void> {
    const running = child
    child = undefined
    await stopChild(running, 'SIGKILL')
  }

  await start()
  const auth = password ? `:${encodeURIComponent(password)}@` : ''
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  }
}
