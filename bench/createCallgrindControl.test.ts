import { fork, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCallgrindControl, hasCallgrind } from './createCallgrindControl'
import { instructionsByKind } from './instructionsByKind'

const children: ChildProcess[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

// A program that parses a JSON document as many times as it is told, then says so.
const WORKER = `
const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, index) => ({ index, name: 'item ' + index, tags: ['a', 'b'] })) })
process.on('message', (times) => {
  let kept = 0
  for (let index = 0; index < times; index += 1) kept += JSON.parse(text).items.length
  process.send(kept)
})
process.send('ready')
`

describe.runIf(await hasCallgrind())('createCallgrindControl, on a real Node process', () => {
  it('counts only once on and only since the last zero, and twice the work reads twice the instructions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'callgrind-test-'))
    dirs.push(dir)
    await writeFile(join(dir, 'worker.cjs'), WORKER)
    const callgrind = createCallgrindControl({ outDir: dir })
    const child = fork(join(dir, 'worker.cjs'), [], {
      execPath: callgrind.execPath,
      execArgv: [...callgrind.args, process.execPath],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    children.push(child)
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`))),
    )
    const next = () =>
      Promise.race([new Promise<unknown>((resolve) => child.once('message', resolve)), exited])
    expect(await next()).toBe('ready')
    const pid = child.pid as number
    const parse = async (times: number) => {
      const done = next()
      child.send(times)
      expect(await done).toBe(times * 50)
    }
    // Not yet on: Node's start and a first run, which compiles, count nothing.
    await parse(200)
    expect((await callgrind.dump({ pid })).total).toBe(0)

    await callgrind.turnOn({ pid })
    await callgrind.zero({ pid })
    await parse(100)
    const once = instructionsByKind(await callgrind.dump({ pid }))
    // Counted, then zeroed: these 300 must not reach the next window.
    await parse(300)
    await callgrind.zero({ pid })
    await parse(200)
    const twice = instructionsByKind(await callgrind.dump({ pid }))
    expect(twice.jsonParse / once.jsonParse).toBeGreaterThan(1.8)
    expect(twice.jsonParse / once.jsonParse).toBeLessThan(2.2)
    // Parsing is what the window did: the largest kind.
    for (const [kind, instructions] of Object.entries(twice)) {
      if (kind !== 'jsonParse') expect(instructions).toBeLessThan(twice.jsonParse)
    }
    // Each dump is read once: the directory holds no dump to be read again.
    expect((await readdir(dir)).filter((name) => /^callgrind\.\d+\.\d+$/.test(name))).toEqual([])
  }, 120_000)

  it('fails a command that reaches no process, instead of reading nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'callgrind-test-'))
    dirs.push(dir)
    const callgrind = createCallgrindControl({ outDir: dir })
    await expect(callgrind.dump({ pid: process.pid })).rejects.toThrow(/callgrind_control/)
  }, 60_000)
})
