import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { expandList, pinServerCore } from './pinCores'

/** The cores the kernel lets every thread of `pid` run on. */
async function allowedCores(pid: number): Promise<number[]> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return expandList(/^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1] ?? '')
}

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0)) process.kill(pid, 'SIGKILL')
})

/** A process that waits to be killed, standing in for a server or the stand-in. */
function idleProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' })
  started.push(child.pid as number)
  return child.pid as number
}

describe('expandList', () => {
  it('reads taskset’s core lists, ranges included', () => {
    expect(expandList('0-2,5')).toEqual([0, 1, 2, 5])
    expect(expandList('3')).toEqual([3])
  })
})

describe.runIf(process.platform === 'linux' && cpus().length >= 2)('pinServerCore', () => {
  it('gives the server a core of its own, the others the rest, and puts every one back on release', async () => {
    const server = idleProcess()
    const other = idleProcess()
    const before = await allowedCores(other)
    const pinned = await pinServerCore({ serverPid: server, otherPids: [other] })
    expect(pinned).toBeDefined()
    const { serverCore, otherCores } = pinned!.layout
    expect(await allowedCores(server)).toEqual([serverCore])
    expect(await allowedCores(other)).toEqual(otherCores)
    expect(otherCores).not.toContain(serverCore)
    await pinned!.release()
    expect(await allowedCores(server)).toEqual(before)
    expect(await allowedCores(other)).toEqual(before)
  })

  it('leaves everything as it was when a process cannot be pinned', async () => {
    const server = idleProcess()
    const before = await allowedCores(server)
    // A pid no process has: reading its cores fails before anything is changed.
    expect(await pinServerCore({ serverPid: server, otherPids: [2 ** 22 + 1] })).toBeUndefined()
    expect(await allowedCores(server)).toEqual(before)
  })
})
