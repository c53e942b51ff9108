import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { killPid } from './killOnExit'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const killOnExitUrl = new URL('./killOnExit.ts', import.meta.url).href
const leftovers: number[] = []
afterEach(() => {
  for (const pid of leftovers.splice(0)) killPid(-pid, 'SIGKILL')
})

/**
 * A process that starts a launcher leading its own group (`sh`, which runs `sleep` as its child, as
 * tsx runs a program), guards it with `killOnExit`, prints the launcher's and the sleeper's ids and
 * waits to be killed.
 */
function startGuardingParent(processGroup: boolean) {
  const code = `
    import { spawn } from 'node:child_process'
    import { killOnExit } from '${killOnExitUrl}'
    const launcher = spawn('sh', ['-c', 'sleep 120 & echo $!; wait'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] })
    killOnExit(launcher.pid, { processGroup: ${processGroup} })
    launcher.stdout.once('data', (sleeper) => console.log(launcher.pid, String(sleeper).trim()))
    setInterval(() => undefined, 1000)
  `
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const ids = new Promise<{ launcher: number; sleeper: number }>((resolve) =>
    parent.stdout.once('data', (line: Buffer) => {
      const [launcher, sleeper] = String(line).trim().split(' ').map(Number)
      leftovers.push(launcher!)
      resolve({ launcher: launcher!, sleeper: sleeper! })
    }),
  )
  return { parent, ids }
}

async function gone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (!killPid(pid, 0)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

describe('killOnExit when its process is killed outright (SIGKILL)', () => {
  it('takes the guarded group with it, the launched program included', async () => {
    const { parent, ids } = startGuardingParent(true)
    const { launcher, sleeper } = await ids
    parent.kill('SIGKILL')
    expect(await gone(launcher)).toBe(true)
    expect(await gone(sleeper)).toBe(true)
  }, 15_000)

  it('kills only the guarded process without the option, so a launcher’s program would outlive it', async () => {
    const { parent, ids } = startGuardingParent(false)
    const { launcher, sleeper } = await ids
    parent.kill('SIGKILL')
    expect(await gone(launcher)).toBe(true)
    expect(killPid(sleeper, 0)).toBe(true)
  }, 15_000)
})
