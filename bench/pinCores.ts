import { execFile } from 'node:child_process'
import { cpus } from 'node:os'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where a CPU figure runs: the server's JavaScript thread alone on `serverCore`, the load on `otherCores`. */
export type CoreLayout = { serverCore: number; otherCores: number[] }

/**
 * Puts the server's JavaScript thread on a core of its own and the processes that load it (the load
 * generator, the venue stand-in) on the others, until the returned `release` puts every one back where
 * it was.
 *
 * Unpinned on two cores, the scheduler moves all three across both, and the server's CPU per quote
 * moves with where the others ran: four identical runs on a quiet machine read the API at 1.1 to 1.7 ms
 * per quote and the bare proxy at 0.45 to 0.70 ms; pinned, in the same hour, 0.75 to 0.88 and 0.38 to
 * 0.44 ms. A server in production has its cores to itself; so has it here.
 *
 * Needs Linux's `taskset` (util-linux) and two cores; resolves to `undefined` without them, and the
 * figure is then measured unpinned and says so.
 */
export async function pinServerCore({
  serverPid,
  otherPids,
}: {
  serverPid: number
  otherPids: readonly number[]
}): Promise<{ layout: CoreLayout; release(): Promise<void> } | undefined> {
  if (process.platform !== 'linux' || cpus().length < 2) return undefined
  const pids = [serverPid, ...otherPids]
  let before: string[]
  let allowed: number[]
  try {
    before = await Promise.all(pids.map(readAffinity))
    // The cores this process may use (a container may allow fewer than the machine has).
    allowed = expandList(await readAffinity(process.pid))
  } catch {
    return undefined
  }
  const serverCore = allowed.at(-1)
  if (serverCore === undefined || allowed.length < 2) return undefined
  const otherCores = allowed.slice(0, -1)
  const release = async () => {
    await Promise.allSettled(pids.map((pid, index) => setAffinity(pid, before[index] as string)))
  }
  try {
    // The server's JavaScript thread only: V8's collector and compiler threads stay free to use every
    // core, as in production. In a bench run with every thread pinned, the one-caller rows read 5 to
    // 16 ms of CPU per quote against about 3 ms unpinned, most likely the collector's parallel phases
    // taking turns on one core.
    await setAffinity(serverPid, String(serverCore), 'main')
    for (const pid of otherPids) await setAffinity(pid, otherCores.join(','))
  } catch {
    await release()
    return undefined
  }
  return { layout: { serverCore, otherCores }, release }
}

/** The cores `pid` may run on, as `taskset` lists them (`0-3,6`). */
async function readAffinity(pid: number): Promise<string> {
  const { stdout } = await run('taskset', ['-p', '-c', String(pid)])
  const list = stdout.slice(stdout.lastIndexOf(':') + 1).trim()
  if (!/^[0-9,-]+$/.test(list)) throw new Error(`taskset printed no core list for ${pid}`)
  return list
}

/** `0-2,5` → [0, 1, 2, 5]. */
export function expandList(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [first, last = first] = part.split('-').map(Number)
    if (!Number.isInteger(first) || !Number.isInteger(last)) return []
    return Array.from(
      { length: (last as number) - (first as number) + 1 },
      (_, index) => (first as number) + index,
    )
  })
}

/**
 * `pid`'s threads to the cores in `list`: every thread (`-a`), or its main thread only; a thread
 * started later takes the cores of the thread that starts it.
 */
async function setAffinity(pid: number, list: string, threads: 'all' | 'main' = 'all'): Promise<void> {
  await run('taskset', [...(threads === 'all' ? ['-a'] : []), '-p', '-c', list, String(pid)])
}
