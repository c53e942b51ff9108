import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * How a process is started under valgrind's callgrind, counting instructions only while switched on
 * (`controlCallgrind(pid, 'on')`): its start and a warm-up run at valgrind's translation speed, not its
 * much slower counting speed. Prepend `args` to the program's own command line, run with `execPath`.
 *
 * Counts are instructions executed, every thread of the process (V8's collector and compiler threads
 * too): the same work reads the same count whatever else the machine runs, which no clock gives on a
 * shared machine.
 */
export function callgrindCommand(outDir: string): { execPath: string; args: string[] } {
  return {
    execPath: 'valgrind',
    args: [
      '--tool=callgrind',
      '-q',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(outDir, 'callgrind.%p')}`,
    ],
  }
}

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

/**
 * Switches counting on, zeroes the counts, or writes them to a new dump file (`callgrind.<pid>.<n>`,
 * read with `readLatestDump`), in the process `pid` started with `callgrindCommand`.
 */
export async function controlCallgrind(pid: number, action: 'on' | 'zero' | 'dump'): Promise<void> {
  const flag = action === 'on' ? '--instr=on' : action === 'zero' ? '--zero' : '--dump'
  await run('callgrind_control', [flag, String(pid)], { timeout: 60_000 })
}

/** Instructions a dump counted: in all, and by the function (and its file) that executed them. */
export type CallgrindDump = { total: number; byFunction: Map<string, number> }

/** The newest dump `pid` wrote into `outDir`, parsed. */
export async function readLatestDump(outDir: string, pid: number): Promise<CallgrindDump> {
  const prefix = `callgrind.${pid}.`
  const numbered = (await readdir(outDir))
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length)))
    .filter(Number.isInteger)
  if (numbered.length === 0) throw new Error(`no callgrind dump of process ${pid} in ${outDir}`)
  return parseCallgrindDump(await readFile(join(outDir, `${prefix}${Math.max(...numbered)}`), 'utf8'))
}

/**
 * Self instructions per function from a callgrind output file: its cost lines, less the lines after
 * `calls=` (those are a callee's inclusive cost, already counted in the callee). Names are compressed
 * as `(id) name` the first time and `(id)` after; JIT-compiled JavaScript has no name (`0x…`).
 */
export function parseCallgrindDump(text: string): CallgrindDump {
  const functionNames = new Map<string, string>()
  const objectNames = new Map<string, string>()
  const byFunction = new Map<string, number>()
  let total = 0
  let fn = ''
  let object = ''
  let callCost = false
  const expand = (names: Map<string, string>, value: string) => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(value)
    if (!match) return value
    const [, id, name] = match as unknown as [string, string, string | undefined]
    if (name !== undefined) names.set(id, name)
    return names.get(id) ?? `(${id})`
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) fn = expand(functionNames, line.slice(3))
    else if (line.startsWith('ob=')) object = expand(objectNames, line.slice(3))
    else if (line.startsWith('cfn=')) expand(functionNames, line.slice(4))
    else if (line.startsWith('cob=')) expand(objectNames, line.slice(4))
    else if (line.startsWith('calls=')) callCost = true
    else if (/^[+\-*0-9]/.test(line)) {
      if (callCost) {
        callCost = false
        continue
      }
      // A position, then the counts of the dump's events; `Ir` (instructions) is the only event.
      const instructions = Number(line.trim().split(/\s+/)[1] ?? 0)
      if (!Number.isFinite(instructions)) continue
      const key = `${fn} [${object.slice(object.lastIndexOf('/') + 1)}]`
      byFunction.set(key, (byFunction.get(key) ?? 0) + instructions)
      total += instructions
    }
  }
  return { total, byFunction }
}

/** What a Node.js process spends its instructions on, by the functions of V8 and Node that do it. */
export const INSTRUCTION_KINDS = [
  'jsonParse',
  'jsonStringify',
  'collector',
  'compiler',
  'propertyLookups',
  'strings',
  'builtins',
  'javascript',
  'other',
] as const
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number]

// First match wins. `collector` takes both the young and the old generation's collectors;
// `propertyLookups` V8's inline-cache misses, megamorphic lookups and the runtime's property lookups
// and shape changes behind them; `javascript`, code V8 compiled from JavaScript (no symbol).
const KIND_PATTERNS: readonly [InstructionKind, RegExp][] = [
  ['jsonParse', /JsonParser/],
  ['jsonStringify', /JsonStringifier/],
  [
    'collector',
    /Scaveng|Marking|Sweep|MarkCompact|Evacuat|RememberedSet|SlotSet|MemoryChunkData|ConcurrentMark|heap::base/,
  ],
  [
    'compiler',
    /compiler::|Turbofan|Maglev|Pipeline|Zone::|internal::Parser|PreParser|Scanner|BytecodeGenerator|interpreter::|RelocIterator|Assembler|CodeGenerator|InstructionSelector|RegisterAlloc/,
  ],
  [
    'propertyLookups',
    /LoadIC|StoreIC|KeyedLoad|KeyedStore|DefineNamedOwnIC|LookupIterator|Runtime_|MigrateToMap|Map::|TransitionsAccessor|DefineOwnProperty|DefineProperty|SetProperty|GetProperty|PropertyDescriptor|CreateDataProperty|SetDataProperties/,
  ],
  ['strings', /String|Internalize/],
  ['builtins', /^Builtins_/],
  ['javascript', /^0x[0-9a-f]+ \[\?\?\?\]$/],
]

/** A dump's instructions by kind (`INSTRUCTION_KINDS`); they add up to its total. */
export function instructionsByKind(dump: CallgrindDump): Record<InstructionKind, number> {
  const kinds = Object.fromEntries(INSTRUCTION_KINDS.map((kind) => [kind, 0])) as Record<
    InstructionKind,
    number
  >
  for (const [name, instructions] of dump.byFunction) {
    const kind = KIND_PATTERNS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other'
    kinds[kind] += instructions
  }
  return kinds
}
