import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { SERVER_NODE_FLAGS } from '../api/serverNodeFlags'

/** A program Node runs under (`createCallgrindControl`): `execPath args… node …`. */
export type NodeWrapper = { execPath: string; args: string[] }

/** What a bench child runs: the API (with or without the bare twin server) or the venue stand-in. */
export type BenchChildOptions =
  | {
      role: 'api'
      /** Config environment on top of `HOST=127.0.0.1`, `PORT=0`. */
      env: Record<string, string>
      /** `none`: no venues; `config`: the real adapters from the config; `fast`: one in-process venue answering at once. */
      venues: 'none' | 'config' | 'fast'
      cowContracts?: Record<number, { settlement: string; vaultRelayer: string }>
      /** Also serve a bare `node:http` twin answering the API's `/chains` and `/tokens` bytes. */
      bare?: boolean
      /** Runs the API's Node under this program. */
      command?: NodeWrapper
    }
  | { role: 'standIn' }

/** A running bench child: send it a message and await its one reply, stop it by pid. */
export type BenchChild = {
  pid: number
  ready: Record<string, unknown>
  request<T = Record<string, unknown>>(message: Record<string, unknown>): Promise<T>
  stop(): Promise<void>
}

const childEntry = fileURLToPath(new URL('./benchChild.ts', import.meta.url))
/**
 * Set `BENCH_CPU_PROF_DIR` to a directory to profile every API child (`--cpu-prof`): each then exits
 * on its own when stopped, so V8 writes its `.cpuprofile` there.
 */
const cpuProfileDir = process.env.BENCH_CPU_PROF_DIR
const running = new Set<ChildProcess>()

// A bench that dies half-way must not leave servers behind.
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL')
})

/**
 * Forks `benchChild.ts` under tsx with `--expose-gc` (so RSS can be read after a forced
 * collection) and resolves once it reports ready. Messages are answered one at a time, in order.
 */
export async function startBenchChild(options: BenchChildOptions): Promise<BenchChild> {
  const profiled = cpuProfileDir !== undefined && options.role === 'api'
  const command = options.role === 'api' ? options.command : undefined
  const child = fork(childEntry, [JSON.stringify(options)], {
    ...(command ? { execPath: command.execPath } : {}),
    execArgv: [
      ...(command ? [...command.args, process.execPath] : []),
      '--expose-gc',
      // The API under test runs as `npm run serve` runs it.
      ...(options.role === 'api' ? SERVER_NODE_FLAGS : []),
      ...(profiled ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
      '--import',
      'tsx',
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  const replies: ((message: Record<string, unknown>) => void)[] = []
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench child (${options.role}) exited with ${code}`)))
    child.once('message', (message) => resolve(message as Record<string, unknown>))
  })
  child.on('message', (message) => replies.shift()?.(message as Record<string, unknown>))
  return {
    pid: child.pid as number,
    ready,
    request<T>(message: Record<string, unknown>) {
      return new Promise<T>((resolve) => {
        replies.push(resolve as (message: Record<string, unknown>) => void)
        child.send(message)
      })
    },
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      if (profiled) {
        // A clean exit writes the profile; the kill below is only for a child that does not leave.
        child.send({ type: 'exit' })
        const gone = await Promise.race([
          exited.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
        ])
        if (gone) return
      }
      process.kill(child.pid, 'SIGKILL')
      await exited
    },
  }
}
