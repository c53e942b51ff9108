/**
 * `npm test`: type-check, then vitest (unit and integration), then the browser tests in Chromium.
 * Each stage's own output streams through; the last line sums every stage as
 * `tests: N passed, N failed, N skipped`, and the exit code is non-zero when any stage failed.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

type Stage = { name: string; command: string; args: string[]; when?: () => boolean }

const stages: Stage[] = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  {
    name: 'browser',
    command: 'npx',
    args: ['web-test-runner'],
    when: () => existsSync('web-test-runner.config.mjs'),
  },
]

const totals = { passed: 0, failed: 0, skipped: 0 }
const failedStages: string[] = []

for (const stage of stages) {
  if (stage.when && !stage.when()) continue
  process.stdout.write(`\n── ${stage.name} ──\n`)
  const { code, output } = await run(stage.command, stage.args)
  const counts = readCounts(stage.name, output)
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.skipped += counts.skipped
  if (code !== 0) {
    failedStages.push(stage.name)
    if (counts.failed === 0) totals.failed += 1
  }
}

if (failedStages.length > 0) process.stdout.write(`\nfailed stages: ${failedStages.join(', ')}\n`)
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`)
process.exit(failedStages.length > 0 ? 1 : 0)

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stderr.write(chunk)
    })
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** Reads a stage's own counts: our vitest reporter's line, or web-test-runner's summary. */
function readCounts(stage: string, output: string): typeof totals {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
  const summary = [...plain.matchAll(/vitest: (\d+) passed, (\d+) failed, (\d+) skipped/g)].at(-1)
  if (summary) return { passed: Number(summary[1]), failed: Number(summary[2]), skipped: Number(summary[3]) }
  if (stage === 'browser') {
    const passed = [...plain.matchAll(/(\d+) passed/g)].at(-1)
    const failed = [...plain.matchAll(/(\d+) failed/g)].at(-1)
    const skipped = [...plain.matchAll(/(\d+) skipped/g)].at(-1)
    return {
      passed: Number(passed?.[1] ?? 0),
      failed: Number(failed?.[1] ?? 0),
      skipped: Number(skipped?.[1] ?? 0),
    }
  }
  return { passed: 0, failed: 0, skipped: 0 }
}
