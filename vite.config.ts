import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{shared,api,widget,demo,scripts,bench}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'widget/**/*.browser.test.ts'],
    reporters: ['default', './scripts/summaryReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start anvil chains and servers; two cores run two files at a time.
    maxWorkers: 2,
  },
})
