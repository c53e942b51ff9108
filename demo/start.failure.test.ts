import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
let sandboxDir: string
let blocker: Server
let blockedPort: number

/** Runs `npm start`'s entry to its end; SIGKILLs its process group if it is still running after 120 s. */
function runStart(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['demo/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', SANDBOX_DIR: sandboxDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    }, 120_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-start-fail-'))
  blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  blockedPort = (blocker.address() as { port: number }).port
})

afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve))
  rmSync(sandboxDir, { recursive: true, force: true })
})

describe('npm start when it cannot start', () => {
  it('exits 1 with a clear message when PORT is not a port', async () => {
    const { code, stderr, stdout } = await runStart({ PORT: 'eighty' })
    expect(code).toBe(1)
    expect(stderr).toContain('start failed: PORT must be 0 to 65535')
    expect(stdout).not.toContain('ready')
  })

  it('exits 1 naming the busy port, after stopping the chains it had started', async () => {
    const { code, stderr, stdout } = await runStart({ PORT: String(blockedPort) })
    expect(code).toBe(1)
    expect(stderr).toContain(`start failed: port ${blockedPort} on 127.0.0.1 is already in use`)
    expect(stdout).not.toMatch(/^ready/m)
    const pids = /anvil pids ([\d, ]+)\)/.exec(stdout)?.[1]?.split(', ').map(Number) ?? []
    expect(pids).toHaveLength(6)
    for (const pid of pids) expect(isAlive(pid)).toBe(false)
    expect(existsSync(join(sandboxDir, 'world.json'))).toBe(false)
  }, 120_000)
})
