// Browser tests of <swap-quote> in Debian's Chromium (nothing downloads a browser).
// Run: npx web-test-runner
import { serve } from '@hono/node-server'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { chromeLauncher } from '@web/test-runner-chrome'
import { build } from 'esbuild'
import { register } from 'tsx/esm/api'

register()
const { createFakeApi } = await import('./widget/test/fakeApi.ts')

/**
 * Serves the fake Swap Quote API (a Hono app) on a free loopback port for the run's duration, and
 * tells the tests where it is at `/__fake-api.json`. Also serves the CommonJS packages the tests load
 * (`qrcode`, `axe-core`) as ES modules.
 */
function fakeApiPlugin() {
  let server
  let url
  /** CommonJS packages the browser tests load, each bundled once into an ES module. */
  const commonJs = {
    qrcode: "export { toDataURL, toString } from 'qrcode'",
    'axe-core': "export { default } from 'axe-core'",
  }
  const bundles = new Map()
  return {
    name: 'fake-swap-api',
    async serverStart() {
      await new Promise((resolve) => {
        server = serve({ fetch: createFakeApi().fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
          url = `http://127.0.0.1:${info.port}`
          resolve()
        })
      })
    },
    async serverStop() {
      await new Promise((resolve) => server?.close(() => resolve()))
    },
    resolveImport({ source }) {
      if (source in commonJs) return `/__cjs/${source}.js`
    },
    async serve(context) {
      if (context.path === '/__fake-api.json') return { body: JSON.stringify({ url }), type: 'json' }
      const name = /^\/__cjs\/(.+)\.js$/.exec(context.path)?.[1]
      if (name && name in commonJs) {
        if (!bundles.has(name)) {
          const result = await build({
            stdin: { contents: commonJs[name], resolveDir: process.cwd() },
            bundle: true,
            format: 'esm',
            platform: 'browser',
            write: false,
          })
          bundles.set(name, result.outputFiles[0].text)
        }
        return { body: bundles.get(name), type: 'js' }
      }
    },
  }
}

export default {
  files: ['widget/**/*.browser.test.ts'],
  nodeResolve: { browser: true },
  concurrency: 2,
  // Lit's development build says so once per page; nothing else is filtered.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
  plugins: [fakeApiPlugin(), esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
}
