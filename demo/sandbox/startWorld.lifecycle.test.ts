import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { compileSandboxContracts, defaultCacheDir } from './contracts/compileSandboxContracts'
import { killPid } from './killOnExit'
import { startWorld } from './startWorld'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-lifecycle-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const isAlive = (pid: number) => killPid(pid, 0)

/** Names of this process's child processes (anvil would show up here if one leaked). */
function childCommands(): string[] {
  try {
    return execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && line !== 'ps')
  } catch {
    return []
  }
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

async function waitUntil(condition: () => boolean, deadlineMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + deadlineMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

describe('startWorld lifecycle', () => {
  it('starts and stops the world twice in one process without leaking a process, a port or the manifest', async () => {
    const manifestPath = join(tempDir(), 'world.json')
    for (let round = 0; round < 2; round++) {
      const world = await startWorld({ manifestPath })
      const chains = Object.values(world.chains)
      expect(chains.every((chain) => isAlive(chain.pid))).toBe(true)
      expect(existsSync(manifestPath)).toBe(true)
      await world.stop()
      expect(chains.filter((chain) => isAlive(chain.pid))).toEqual([])
      for (const chain of chains) expect(await portIsFree(Number(new URL(chain.rpcUrl).port))).toBe(true)
      expect(existsSync(manifestPath)).toBe(false)
      await world.stop()
    }
    expect(
      await waitUntil(() => !childCommands().some((command) => command === 'anvil' || command === 'sh')),
    ).toBe(true)
  })

  it('stops the chains it had started when the start fails', async () => {
    compileSandboxContracts()
    const cacheDir = tempDir()
    for (const file of readdirSync(defaultCacheDir).filter((name) => name.endsWith('.json'))) {
      copyFileSync(join(defaultCacheDir, file), join(cacheDir, file))
      writeFileSync(join(cacheDir, file), '{ not json')
    }
    const manifestPath = join(tempDir(), 'world.json')
    await expect(startWorld({ cacheDir, manifestPath })).rejects.toThrow()
    expect(existsSync(manifestPath)).toBe(false)
    expect(await waitUntil(() => !childCommands().includes('anvil'))).toBe(true)
  })

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
    // A fresh `node --import tsx` process loads slowly on a busy two-core machine: allow a minute.
    it(
      `leaves no anvil behind when the process running the world gets ${signal}`,
      { timeout: 60_000 },
      async () => {
        const manifestPath = join(tempDir(), 'world.json')
        const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/runWorld.ts', manifestPath], {
          cwd: repoRoot,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        cleanups.push(() => killPid(child.pid!, 'SIGKILL'))
        const line = await new Promise<string>((resolve, reject) => {
          let output = ''
          let errors = ''
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString()
            if (output.includes('\n')) resolve(output.split('\n')[0]!)
          })
          child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
          // What runWorld said (all of it: 'close' comes after its output), so a failed start names its cause.
          child.once('close', (code) =>
            reject(new Error(`runWorld exited with ${code} before the world was up: ${errors.trim()}`)),
          )
        })
        const { pids } = JSON.parse(line) as { pids: number[] }
        expect(pids).toHaveLength(6)
        expect(pids.every(isAlive)).toBe(true)
        cleanups.push(() => pids.forEach((pid) => killPid(pid, 'SIGKILL')))

        child.kill(signal)
        expect(await waitUntil(() => !pids.some(isAlive))).toBe(true)
        if (signal !== 'SIGKILL') expect(await waitUntil(() => !existsSync(manifestPath))).toBe(true)
      },
    )
  }
})
