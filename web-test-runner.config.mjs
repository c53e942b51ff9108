// Browser tests of <swap-quote> in Debian's Chromium (nothing downloads a browser).
// Run: npx web-test-runner (every group); one group: npx web-test-runner --group fake-api | sandbox
//
// - fake-api: widget/**/*.browser.test.ts against a fake Swap Quote API (fast, no chains).
// - sandbox: widget/**/*.sandbox.browser.test.ts against the real sandbox world (anvil chains,
//   simulators, API), started once per run on first use and stopped when the run ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { chromeLauncher } from '@web/test-runner-chrome'
import { build } from 'esbuild'
import { register } from 'tsx/esm/api'

register()
const { createFakeApi } = await import('./widget/test/fakeApi.ts')
const { createServedLogos } = await import('./api/testing/createServedLogos.ts')

const sandboxFiles = 'widget/**/*.sandbox.browser.test.ts'

/**
 * Starts ONE sandbox world (`startSandbox`, port 0, a temporary sandbox directory) the first time a
 * test asks for it, and stops it in `serverStop`, so a run without sandbox tests never starts one.
 *
 * - `GET /__sandbox.json`: `{ url, cowUrl, privateKey, watcherKey, chains, btcSender }` (anvil's public
 *   dev keys: account 0, which the swap tests spend from, and account 3, funded alike and spent by no
 *   test, for a test that compares balances while the files run two at a time).
 * - `/__sandbox/proxy/{sandbox|cow|faults|thorfaults}/...`: same-origin forwarding to the sandbox
 *   server (`/sandbox/rpc/:chainId`, its order-book routes), the CoW simulator and the two
 *   fault-control APIs. The page is served from this server's origin and those endpoints answer no
 *   CORS preflight, which a JSON POST or PUT needs.
 */
function sandboxPlugin() {
  let starting
  let sandboxDir
  const ensure = () => {
    starting ??= (async () => {
      const { startSandbox } = await import('./demo/server/startSandbox.ts')
      sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-wtr-'))
      return startSandbox({ port: 0, sandboxDir })
    })()
    return starting
  }
  const targets = (sandbox) => {
    const manifest = sandbox.world.manifest
    return {
      sandbox: sandbox.url,
      cow: manifest.simulators.cow,
      faults: manifest.faultControlUrl,
      thorfaults: manifest.thorchain?.faultControlUrl,
    }
  }
  return {
    name: 'swap-quote-sandbox',
    async serverStop() {
      if (!starting) return
      const sandbox = await starting.catch(() => undefined)
      const pids = sandbox ? Object.values(sandbox.world.chains).map((chain) => chain.pid) : []
      await sandbox?.stop()
      if (sandboxDir) rmSync(sandboxDir, { recursive: true, force: true })
      const alive = pids.filter((pid) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      })
      if (alive.length > 0) console.error(`sandbox anvil processes still running: ${alive.join(', ')}`)
    },
    async serve(context) {
      if (context.path !== '/__sandbox.json') return
      const sandbox = await ensure()
      const manifest = sandbox.world.manifest
      const body = {
        url: sandbox.url,
        cowUrl: manifest.simulators.cow,
        privateKey: sandbox.world.accounts[0].privateKey,
        watcherKey: sandbox.world.accounts[3].privateKey,
        chains: Object.values(sandbox.world.chains).map(({ chainId, symbol }) => ({ chainId, symbol })),
        btcSender: manifest.thorchain?.ledger.BTC?.accounts[0],
      }
      return { body: JSON.stringify(body), type: 'json' }
    },
    /** Koa middleware for the proxy: plugins' `serve` hooks see only GETs. */
    async proxy(context, next) {
      const match = /^\/__sandbox\/proxy\/(sandbox|cow|faults|thorfaults)(\/.*)?$/.exec(context.path)
      if (!match) return next()
      const target = targets(await ensure())[match[1]]
      const chunks = []
      for await (const chunk of context.req) chunks.push(chunk)
      const headers = {}
      if (context.get('content-type')) headers['content-type'] = context.get('content-type')
      const response = await fetch(
        `${target}${match[2] ?? ''}${context.querystring ? `?${context.querystring}` : ''}`,
        {
          method: context.method,
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        },
      )
      context.status = response.status
      context.set('content-type', response.headers.get('content-type') ?? 'application/octet-stream')
      context.body = Buffer.from(await response.arrayBuffer())
    },
  }
}

const sandbox = sandboxPlugin()

/**
 * Serves the fake Swap Quote API (a Hono app) on a free loopback port for the run's duration, and
 * tells the tests where it is at `/__fake-api.json`. Also serves the CommonJS package the tests load
 * (`axe-core`) as an ES module, and `@wagmi/core` as one module rather than its ~500 files
 * (the wallet menu's chunk; one by one they took the dev server most of a minute on a loaded machine).
 */
function fakeApiPlugin() {
  let server
  let url
  /** CommonJS packages the browser tests load, each bundled once into an ES module. */
  const commonJs = {
    'axe-core': "export { default } from 'axe-core'",
    '@wagmi/core': "export * from '@wagmi/core'",
  }
  const bundles = new Map()
  return {
    name: 'fake-swap-api',
    async serverStart() {
      await new Promise((resolve) => {
        server = serve(
          { fetch: createFakeApi({ logos: createServedLogos() }).fetch, port: 0, hostname: '127.0.0.1' },
          (info) => {
            url = `http://127.0.0.1:${info.port}`
            resolve()
          },
        )
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

/**
 * `executeServerCommand('screenshot', { path })`: a PNG of the page's first `<swap-quote>`, saved at
 * `path` (under `docs/images/`) only when the run has `SCREENSHOTS=1`, so a normal run leaves the tree
 * as it was. Answers whether it saved one.
 */
function screenshotPlugin() {
  return {
    name: 'swap-quote-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return
      if (process.env.SCREENSHOTS !== '1') return false
      if (!/^docs\/images\/[\w-]+\.png$/.test(payload?.path ?? ''))
        throw new Error('screenshot: a docs/images/*.png path')
      const page = session.browser.getPage(session.id)
      const element = await page.$('swap-quote')
      await element.screenshot({ path: payload.path })
      return true
    },
  }
}

/**
 * `executeServerCommand('forced-colors', { active })`: the page renders as in Windows high contrast
 * (`forced-colors: active`, Chromium's own emulation), or no longer.
 */
function forcedColorsPlugin() {
  const sessions = new Map()
  return {
    name: 'swap-quote-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'forced-colors') return
      // Through the DevTools protocol (puppeteer's own emulateMediaFeatures does not know this feature),
      // on a session kept while the emulation lasts: it ends with its session.
      const cdp = sessions.get(session.id) ?? (await session.browser.getPage(session.id).createCDPSession())
      sessions.set(session.id, cdp)
      await cdp.send('Emulation.setEmulatedMedia', {
        features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }],
      })
      if (!payload?.active) {
        sessions.delete(session.id)
        await cdp.detach()
      }
      return true
    },
  }
}

/**
 * `executeServerCommand('hold-requests', { path })`: the page's requests whose URL path ends with `path`
 * wait until `executeServerCommand('release-requests')`, which lets them go and answers how many it held;
 * every other request goes on at once. For what the element does while a lazy chunk loads (each test
 * file runs in a page of its own, so its chunks load cold there).
 */
function holdRequestsPlugin() {
  const holds = new Map()
  return {
    name: 'swap-quote-hold-requests',
    async executeCommand({ command, payload, session }) {
      if (command !== 'hold-requests' && command !== 'release-requests') return
      const page = session.browser.getPage(session.id)
      if (command === 'hold-requests') {
        if (typeof payload?.path !== 'string' || !payload.path) throw new Error('hold-requests: a path')
        const hold = { path: payload.path, waiting: [] }
        holds.set(session.id, hold)
        page.on('request', (request) => {
          if (request.isInterceptResolutionHandled()) return
          if (holds.get(session.id) === hold && new URL(request.url()).pathname.endsWith(hold.path)) {
            hold.waiting.push(request)
          } else void request.continue()
        })
        await page.setRequestInterception(true)
        return true
      }
      const hold = holds.get(session.id)
      holds.delete(session.id)
      for (const request of hold?.waiting ?? []) await request.continue()
      return hold?.waiting.length ?? 0
    },
  }
}

export default {
  groups: [
    { name: 'fake-api', files: ['widget/**/*.browser.test.ts', `!${sandboxFiles}`] },
    // Its tests set their own, longer timeouts: the chains settle real transactions and orders.
    { name: 'sandbox', files: [sandboxFiles] },
  ],
  nodeResolve: { browser: true },
  // One page at a time while taking pictures: an element screenshot beside a second page's test
  // lost its page ("Execution context was destroyed") and timed out.
  concurrency: process.env.SCREENSHOTS === '1' ? 1 : 2,
  // Lit's development build says so once per page; nothing else is filtered.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      // Each page in a browser context of its own: the files run two at a time, and pages of one context
      // share localStorage, so a test that stores or forgets a wallet reached into the other file's test
      // (a remembered 'recentConnectorId' removed under the wallet menu's test between its connect and
      // its check).
      // The context goes with its page.
      createPage: async ({ context }) => {
        const own = await context.browser().createBrowserContext()
        const page = await own.newPage()
        page.once('close', () => void own.close().catch(() => undefined))
        return page
      },
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
  middleware: [sandbox.proxy],
  plugins: [
    fakeApiPlugin(),
    sandbox,
    screenshotPlugin(),
    holdRequestsPlugin(),
    forcedColorsPlugin(),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
}
