import { execFile } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parseCallgrindDump, type CallgrindDump } from './parseCallgrindDump'
import type { NodeWrapper } from './startBenchChild'

const run = promisify(execFile)

/** Whether valgrind and `callgrind_control` are installed (Debian's package `valgrind`). */
export async function hasCallgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version'])
    await run('callgrind_control', ['--version'])
    return true
  } catch {
    return false
  }
}

export type CallgrindControl = NodeWrapper & {
  /** Starts counting in the process `pid`: nothing is counted before. */
  turnOn(parameters: { pid: number }): Promise<void>
  /** Sets the counts of `pid` back to zero. */
  zero(parameters: { pid: number }): Promise<void>
  /** What `pid` counted since its last zero or dump (a dump zeroes too). */
  dump(parameters: { pid: number }): Promise<CallgrindDump>
}

/**
 * Runs a process under valgrind's callgrind and reads its counts. Counting starts only when switched on
 * (`turnOn`), so the process starts and warms up at valgrind's translation speed, not its much slower
 * counting speed. Counts are instructions executed by every thread of the process (V8's collector and
 * compiler threads too): the same work reads the same count whatever else the machine runs, which no
 * clock gives on a shared machine.
 *
 * Dumps and valgrind's command pipes are kept in `outDir`, which the caller removes. `callgrind_control`
 * exits 0 even when it reached no process, so each command's output is checked, and each dump is
 * removed once read: a failed dump is an error, not the window before read twice.
 *
 * @example
 * const callgrind = createCallgrindControl({ outDir })
 * const child = fork(script, [], { execPath: callgrind.execPath, execArgv: [...callgrind.args, process.execPath] })
 * await callgrind.turnOn({ pid: child.pid })
 */
export function createCallgrindControl({ outDir }: { outDir: string }): CallgrindControl {
  const vgdbPrefix = `--vgdb-prefix=${join(outDir, 'vgdb')}`
  const control = async (pid: number, flag: string) => {
    const { stdout, stderr } = await run('callgrind_control', [vgdbPrefix, flag, String(pid)], {
      timeout: 60_000,
    })
    // Reached, it names the process (`PID <pid>: <command line>`); otherwise it prints `Error: …` or
    // `No active callgrind runs detected.`, and vgdb its own error on stderr.
    if (!stdout.includes(`PID ${pid}: `) || /^Error:/m.test(stdout) || /^vgdb error/im.test(stderr)) {
      const said = `${stdout}\n${stderr}`.trim().split('\n').slice(0, 3).join(' ')
      throw new Error(`callgrind_control ${flag} ${pid}: ${said.slice(0, 300)}`)
    }
  }
  return {
    execPath: 'valgrind',
    args: [
      '--tool=callgrind',
      '-q',
      '--instr-atstart=no',
      vgdbPrefix,
      `--callgrind-out-file=${join(outDir, 'callgrind.%p')}`,
    ],
    turnOn: ({ pid }) => control(pid, '--instr=on'),
    zero: ({ pid }) => control(pid, '--zero'),
    async dump({ pid }) {
      await control(pid, '--dump')
      const prefix = `callgrind.${pid}.`
      const dumps = (await readdir(outDir)).filter(
        (name) => name.startsWith(prefix) && Number.isInteger(Number(name.slice(prefix.length))),
      )
      const [file, ...others] = dumps
      if (!file || others.length > 0) {
        throw new Error(`expected one new callgrind dump of process ${pid}, found ${dumps.length}`)
      }
      const path = join(outDir, file)
      const text = await readFile(path, 'utf8')
      await rm(path)
      return parseCallgrindDump(text)
    },
  }
}
