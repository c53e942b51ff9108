import type { CallgrindDump } from './parseCallgrindDump'

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
/** One of `INSTRUCTION_KINDS`. */
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
    /compiler::|Runtime_Compile|Runtime_\w*Optimiz|Deoptimiz|Turbofan|Maglev|Pipeline|Zone::|internal::Parser|PreParser|Scanner|BytecodeGenerator|interpreter::|RelocIterator|Assembler|CodeGenerator|InstructionSelector|RegisterAlloc/,
  ],
  [
    'propertyLookups',
    /LoadIC|StoreIC|KeyedLoad|KeyedStore|DefineNamedOwnIC|LookupIterator|Runtime_\w*(?:Propert|IC|Load|Store|Keyed|Define)|MigrateToMap|(?<![A-Za-z])Map::|TransitionsAccessor|DefineOwnProperty|DefineProperty|SetProperty|GetProperty|PropertyDescriptor|CreateDataProperty|SetDataProperties/,
  ],
  ['strings', /String|Internalize/],
  ['builtins', /^Builtins_/],
  ['javascript', /^0x[0-9a-f]+ \[\?\?\?\]$/],
]

/** A dump's instructions by kind (`INSTRUCTION_KINDS`); they add up to its total. */
export function instructionsByKind({ byFunction }: CallgrindDump): Record<InstructionKind, number> {
  const kinds = Object.fromEntries(INSTRUCTION_KINDS.map((kind) => [kind, 0])) as Record<
    InstructionKind,
    number
  >
  for (const [name, instructions] of byFunction) {
    const kind = KIND_PATTERNS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other'
    kinds[kind] += instructions
  }
  return kinds
}
