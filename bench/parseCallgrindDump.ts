/**
 * Instructions a dump counted: in all, and by the function that executed them, keyed
 * `name [binary]` (the binary or library it was loaded from; `???` for code V8 compiled).
 */
export type CallgrindDump = { total: number; byFunction: Map<string, number> }

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
