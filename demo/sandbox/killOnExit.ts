import { spawn } from 'node:child_process'

const tracked = new Set<number>()
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function killTracked() {
  for (const pid of tracked) killPid(pid, 'SIGKILL')
  tracked.clear()
}

function onSignal(signal: NodeJS.Signals) {
  // The process has an orderly shutdown of its own (`npm start` drains the API before it stops the
  // chains): leave the children to it. The `exit` hook still kills whatever it leaves behind.
  if (process.listenerCount(signal) > 1) return
  killTracked()
  uninstall()
  // Ours was the only handler: restore the default behaviour (terminate) by re-raising the signal.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

function install() {
  process.on('exit', killTracked)
  for (const signal of signals) process.on(signal, onSignal)
}

function uninstall() {
  process.off('exit', killTracked)
  for (const signal of signals) process.off(signal, onSignal)
}

/** Sends `signal` to `pid` and reports whether the process existed. */
export function killPid(pid: number, signal: NodeJS.Signals | 0 = 'SIGTERM'): boolean {
  try {
    process.kill(pid, signal)
    return true
  } catch {
    return false
  }
}

/**
 * Makes sure a child process dies with this one: it is killed on `exit`, SIGINT, SIGTERM and SIGHUP,
 * and a detached `sh` watchdog kills it if this process dies without running any handler (SIGKILL,
 * a crashed test worker). With `processGroup`, the child leads its own group (spawned `detached`) and
 * the whole group is killed: a launcher such as `tsx` runs the real program as its own child, which
 * outlives a launcher killed alone. Returns `release`, to call once the child has been stopped normally.
 */
export function killOnExit(pid: number, { processGroup = false } = {}): { release: () => void } {
  // `kill` with a negative id signals the group that id leads.
  const target = processGroup ? -pid : pid
  if (tracked.size === 0) install()
  tracked.add(target)
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -s 0 -- "$1" 2>/dev/null && kill -s 0 -- "$2" 2>/dev/null; do sleep 0.5; done; kill -s KILL -- "$2" 2>/dev/null',
      'watchdog',
      String(process.pid),
      String(target),
    ],
    { detached: true, stdio: 'ignore' },
  )
  watchdog.unref()
  return {
    release: () => {
      // The watchdog leads its own process group: killing the group takes its `sleep` with it.
      if (watchdog.pid !== undefined) killPid(-watchdog.pid, 'SIGKILL')
      tracked.delete(target)
      if (tracked.size === 0) uninstall()
    },
  }
}
