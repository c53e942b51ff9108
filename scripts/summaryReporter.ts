import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one closing line, `vitest: N passed, N failed, N skipped`, so a CI log states the count
 * of tests run in a form any reader can parse.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed++
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
