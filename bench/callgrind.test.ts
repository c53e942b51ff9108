import { fork, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  callgrindCommand,
  controlCallgrind,
  hasCallgrind,
  instructionsByKind,
  parseCallgrindDump,
  readLatestDump,
} from './callgrind'
import {
  quoteInstructionRows,
  type InstructionCount,
  type QuoteInstructionFigures,
} from './countQuoteInstructions'
import { summarize } from './summarize'

describe('parseCallgrindDump', () => {
  it('adds up self instructions per function, names given once and then by id, a call’s inclusive cost left out', () => {
    const dump = parseCallgrindDump(
      [
        'version: 1',
        'events: Ir',
        'ob=(1) /usr/bin/node',
        'fn=(1) v8::internal::JsonParser<unsigned char>::ParseJsonValue()',
        '0 100',
        'cfn=(2) Builtins_LoadIC',
        'calls=3 0',
        '0 9000',
        '+2 20',
        'fn=(2)',
        '0 30',
        'ob=(2) ???',
        'fn=(3) 0x000000000d233940',
        '* 7',
        'fn=(1)',
        '0 5',
        'totals: 162',
      ].join('\n'),
    )
    expect(dump.total).toBe(162)
    expect(Object.fromEntries(dump.byFunction)).toEqual({
      'v8::internal::JsonParser<unsigned char>::ParseJsonValue() [node]': 120,
      'Builtins_LoadIC [node]': 30,
      '0x000000000d233940 [???]': 7,
      'v8::internal::JsonParser<unsigned char>::ParseJsonValue() [???]': 5,
    })
    const kinds = instructionsByKind(dump)
    expect(kinds.jsonParse).toBe(125)
    expect(kinds.propertyLookups).toBe(30)
    expect(kinds.javascript).toBe(7)
  })
})

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

describe.runIf(await hasCallgrind())('callgrind, on a real Node process', () => {
  it('counts only the windows it is asked to, and twice the work reads twice the instructions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'callgrind-test-'))
    dirs.push(dir)
    await writeFile(join(dir, 'worker.cjs'), WORKER)
    const { execPath, args } = callgrindCommand(dir)
    const child = fork(join(dir, 'worker.cjs'), [], {
      execPath,
      execArgv: [...args, process.execPath],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    children.push(child)
    const next = () => new Promise<unknown>((resolve) => child.once('message', resolve))
    expect(await next()).toBe('ready')
    const pid = child.pid as number
    const parse = async (times: number) => {
      const done = next()
      child.send(times)
      expect(await done).toBe(times * 50)
    }
    // Uncounted: Node's start and a first run, which compiles.
    await parse(200)
    await controlCallgrind(pid, 'on')
    const window = async (times: number) => {
      await controlCallgrind(pid, 'zero')
      await parse(times)
      await controlCallgrind(pid, 'dump')
      return instructionsByKind(await readLatestDump(dir, pid))
    }
    const once = await window(100)
    const twice = await window(200)
    expect(twice.jsonParse / once.jsonParse).toBeGreaterThan(1.8)
    expect(twice.jsonParse / once.jsonParse).toBeLessThan(2.2)
    // Parsing is what the window did: the largest kind by far.
    const others = Object.entries(twice).filter(([kind]) => kind !== 'jsonParse')
    for (const [, instructions] of others) expect(instructions).toBeLessThan(twice.jsonParse)
  }, 120_000)
})

describe('quoteInstructionRows', () => {
  const count = (perKind: number, stringify: number): InstructionCount => {
    const byKind = {
      jsonParse: perKind,
      jsonStringify: stringify,
      collector: perKind,
      compiler: perKind,
      propertyLookups: perKind,
      strings: perKind,
      builtins: perKind,
      javascript: perKind,
      other: perKind,
    }
    return { perQuote: Object.values(byKind).reduce((sum, value) => sum + value, 0), byKind }
  }
  const figures = (apiPerKind: number, apiStringify = 100_000): QuoteInstructionFigures => {
    const rounds = [{ bareProxy: count(100_000, 0), api: count(apiPerKind, apiStringify) }]
    const api = summarize(rounds.map((round) => round.api.perQuote))
    const bareProxy = summarize(rounds.map((round) => round.bareProxy.perQuote))
    return {
      callers: 50,
      quotesPerWindow: 200,
      warmQuotes: 8_000,
      rounds,
      api,
      bareProxy,
      ratio: api.median / bareProxy.median,
      ratioSteadyWork: api.median / bareProxy.median,
    }
  }

  it('judges the API’s instructions over the bare proxy’s by the CPU target, 1.5x', () => {
    const [over] = quoteInstructionRows(figures(200_000))
    expect(over?.value).toMatch(
      /^2\.13x \(medians of 1 windows? of 200 quotes each, after 8,000 uncounted: API 1\.70M, 1\.70M-1\.70M; bare proxy 0\.80M/,
    )
    expect(over?.pass).toBe(false)
    const [under] = quoteInstructionRows(figures(125_000))
    expect(under?.value).toMatch(/^1\.38x/)
    expect(under?.pass).toBe(true)
  })

  it('names what the API adds, largest first', () => {
    const [, byKind] = quoteInstructionRows(figures(150_000, 300_000))
    expect(byKind?.value).toMatch(/^JSON\.stringify 0\.30M; /)
    expect(byKind?.value).toContain('; JSON.parse 0.05M')
  })

  it('says so, with no verdict, without valgrind', () => {
    const [row] = quoteInstructionRows(undefined)
    expect(row?.value).toMatch(/valgrind is not installed/)
    expect(row?.pass).toBeUndefined()
  })
})
