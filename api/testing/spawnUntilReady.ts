import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'

/**
 * Starts a server process for a test and resolves once `ready` appears on its `stream`; rejects with
 * what it printed if it exits first. Both streams are drained afterwards so it never blocks on them.
 */
export async function spawnUntilReady({
  command,
  args,
  options = {},
  stream,
  ready,
}: {
  command: string
  args: readonly string[]
  options?: SpawnOptions
  stream: 'stdout' | 'stderr'
  ready: string
}): Promise<ChildProcess> {
  const started = spawn(command, [...args], { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(ready)) {
        started[stream]?.off('data', onData)
        resolve()
      }
    }
    started[stream]?.on('data', onData)
    started.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${output}`)))
    started.once('error', reject)
  })
  started.stdout?.resume()
  started.stderr?.resume()
  return started
}

/** Sends `signal` to a child started by `spawnUntilReady` (by its pid) and resolves once it has exited. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  process.kill(child.pid, signal)
  await exited
}
