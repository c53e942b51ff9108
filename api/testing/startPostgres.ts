import { spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnUntilReady, stopChild } from './spawnUntilReady'
import { getFreePort } from './startRedis'

/** A PostgreSQL server started for one test file; `stop()` ends exactly that pid. */
export type TestPostgres = {
  url: string
  stop(): Promise<void>
  restart(): Promise<void>
  remove(): Promise<void>
}

/** The newest Debian PostgreSQL's `bin` folder (`.ci/run` installs the `postgresql` package when missing). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  const bin = versions
    .map((version) => join(root, version, 'bin'))
    .find((dir) => existsSync(join(dir, 'initdb')))
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package postgresql)')
  return bin
}

/**
 * `initdb` and `postgres` in a temporary folder on a free port, trusting local connections. PostgreSQL
 * refuses to run as root, so when the tests do, the server runs as `nobody`.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'swap-quote-pg-'))
  const data = join(dir, 'data')
  const asUser: { uid?: number; gid?: number } = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
  if (asUser.uid !== undefined) chownSync(dir, asUser.uid, asUser.gid ?? asUser.uid)
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], {
    ...asUser,
    encoding: 'utf8',
  })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`)
  const port = await getFreePort()
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = await spawnUntilReady({
      command: join(bin, 'postgres'),
      args: [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-k',
        dir,
        '-c',
        'fsync=off',
      ],
      options: asUser,
      stream: 'stderr',
      ready: 'ready to accept connections',
    })
  }

  async function stop(): Promise<void> {
    const running = child
    child = undefined
    // Immediate shutdown: as a crash would, connections are cut.
    await stopChild(running, 'SIGQUIT')
  }

  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    restart: start,
    async remove() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
