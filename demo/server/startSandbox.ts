import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import type { Address } from 'viem'
import type { ViteDevServer } from 'vite'
import { startApiServer, type ApiServer, type Venue } from '../../api'
import { createLifecycle } from '../../api/lifecycle/createLifecycle'
import { createAccessSettings, startFacilitator, type LocalFacilitator } from '../sandbox/facilitator'
import { startSimulators, type Simulators } from '../sandbox/simulators'
import { startCrossChain, type CrossChain } from '../sandbox/thorchain'
import { startWorld, type World } from '../sandbox/startWorld'
import { buildSite } from './buildSite'
import { createDevPages } from './createDevPages'
import { createLedgerWalletRoutes } from './createLedgerWalletRoutes'
import {
  createSandboxConfig,
  SANDBOX_THORCHAIN_AFFILIATE,
  writeSandboxPartnerRegistry,
} from './createSandboxConfig'
import { createSandboxRoutes, sandboxPreflight } from './createSandboxRoutes'
import { createSandboxVenues } from './createSandboxVenues'
import { createStaticPages } from './createStaticPages'
import { renderSandboxStart } from './renderSandboxStart'
import { waitUntilAnswering } from './waitUntilAnswering'

/** `.sandbox` at the repository root. */
export const defaultSandboxDir = fileURLToPath(new URL('../../.sandbox', import.meta.url))

export type StartSandboxParameters = {
  /** Port of the one server (API, demo, `/sandbox/*`); 0 picks a free one. */
  port?: number
  host?: string
  /** Serve the page through Vite's dev server with hot reload instead of a build. */
  dev?: boolean
  /**
   * Where the manifest (`world.json`) and the quote log (`quotes.jsonl`, begun anew at each start; the
   * last one is kept as `quotes.previous.jsonl`) go; default `.sandbox`.
   */
  sandboxDir?: string
  /** Where the built site goes; default `.sandbox/site` (shared by every sandbox, rebuilt when stale). */
  siteDir?: string
  /** Progress lines while starting. */
  onProgress?: (line: string) => void
}

/** How long each part took to start, in milliseconds. */
export type SandboxTimings = {
  worldMs: number
  siteMs: number
  siteBuilt: boolean
  simulatorsMs: number
  totalMs: number
}

/** A running sandbox: the world, its simulators, and the one server for the API and the demo site. */
export type Sandbox = {
  /** `http://host:port`: demo at `/`, API at `/api/sdk/v1`, manifest at `/sandbox/world.json`. */
  url: string
  world: World
  simulators: Simulators
  /** THORChain (THORNode simulator, routers, observer, UTXO/Cosmos ledger) and the routing provider. */
  crossChain: CrossChain
  /** The local x402 facilitator that settles `/access` payments on the Base anvil. */
  facilitator: LocalFacilitator
  api: ApiServer
  venues: Venue[]
  quoteLogPath: string
  manifestPath: string
  timings: SandboxTimings
  /** Stops the server, Vite, the simulators and every anvil. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts everything `npm start` runs: the sandbox world (an anvil per EVM chain), the venue
 * simulators, the API with the sandbox config and venues, and the demo site, all but the simulators
 * and anvils on one port. Resolves once every part answers; a failed start stops what had started
 * and rethrows.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 })
 * await fetch(`${sandbox.url}/api/sdk/v1/chains`)
 * await sandbox.stop()
 */
export async function startSandbox({
  port = 8787,
  host = '127.0.0.1',
  dev = false,
  sandboxDir = defaultSandboxDir,
  siteDir = join(defaultSandboxDir, 'site'),
  onProgress = () => undefined,
}: StartSandboxParameters = {}): Promise<Sandbox> {
  const startedAt = Date.now()
  mkdirSync(sandboxDir, { recursive: true })
  const manifestPath = join(sandboxDir, 'world.json')
  const quoteLogPath = join(sandboxDir, 'quotes.jsonl')
  // Last started, first stopped: the API drains its in-flight quotes while the venues and chains they
  // need still run; a part that fails to stop does not keep the others from stopping.
  const lifecycle = createLifecycle()
  const stopAll = () => lifecycle.stop().catch(() => undefined)

  try {
    onProgress(
      dev ? 'starting the sandbox chains and Vite' : 'starting the sandbox chains and building the page',
    )
    const worldStart = startWorld({ manifestPath }).then((world) => {
      lifecycle.add('chains', () => world.stop())
      return { world, ms: Date.now() - startedAt }
    })
    const siteStart = dev ? Promise.resolve({ built: false, ms: 0 }) : buildSite({ outDir: siteDir })
    const [worldResult, siteResult] = await Promise.allSettled([worldStart, siteStart])
    if (worldResult.status === 'rejected') throw worldResult.reason
    if (siteResult.status === 'rejected') throw siteResult.reason
    const { world, ms: worldMs } = worldResult.value
    onProgress(
      `chains up in ${(worldMs / 1000).toFixed(1)} s (anvil pids ${Object.values(world.chains)
        .map((chain) => chain.pid)
        .join(', ')}); starting the venue simulators`,
    )

    const simulatorsStartedAt = Date.now()
    const zeroxApiKey = randomBytes(16).toString('hex')
    const [simulators, facilitator] = await Promise.all([
      startSimulators({ world, zeroxApiKey }).then((started) => {
        lifecycle.add('simulators', () => started.stop())
        return started
      }),
      startFacilitator({ world, hostname: host === '0.0.0.0' ? '127.0.0.1' : host }).then((started) => {
        lifecycle.add('x402 facilitator', () => started.stop())
        return started
      }),
    ])
    // After the simulators: both mint from the deployer account, so they must not send at once.
    const swapkitApiKey = randomBytes(16).toString('hex')
    // The key carries the service's affiliate (its THORName), fee and fee wallet, as SwapKit's dashboard
    // sets them: memos then hold SwapKit's own affiliate and ours side by side, and a same-chain route's
    // affiliate fee reaches the service's wallet, as the fee plan and the partner report count it.
    const crossChain = await startCrossChain({
      world,
      swapkitApiKeys: {
        [swapkitApiKey]: {
          affiliate: SANDBOX_THORCHAIN_AFFILIATE,
          affiliateBps: 20,
          affiliateAddress: world.manifest.feeRecipients.service as Address,
        },
      },
    })
    lifecycle.add('cross-chain', () => crossChain.stop())
    world.setSimulators({
      simulators: { ...world.manifest.simulators!, facilitator: facilitator.url },
      faultControlUrl: simulators.faultControlUrl,
    })
    const simulatorsMs = Date.now() - simulatorsStartedAt

    // The demo account rides in the page itself: the widget's first quote is the account's at once.
    // The partner page's report commands name this sandbox's quote log, wherever SANDBOX_DIR put it.
    const quoteLog = relative(process.cwd(), quoteLogPath)
    const sandboxStart = () =>
      renderSandboxStart({
        manifest: world.manifest,
        quoteLog: quoteLog.startsWith('..') || isAbsolute(quoteLog) ? quoteLogPath : quoteLog,
      })
    let pages: Hono
    if (dev) {
      const vite = await startVite()
      lifecycle.add('vite', () => vite.close())
      pages = createDevPages({ vite, head: sandboxStart })
    } else {
      pages = createStaticPages({ dir: siteDir, head: sandboxStart })
    }

    // The holder-pass message binds the API's public host, so the port must be known before the
    // API starts: port 0 is resolved to a free port here.
    const apiPort = port === 0 ? await findFreePort() : port
    const publicUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${apiPort}`
    const config = createSandboxConfig({
      manifest: world.manifest,
      // The CoW order book through this server (`/sandbox/cow`): the simulator answers no CORS
      // preflight, and the widget posts signed orders to the quote's URLs from the page.
      simulators: { ...simulators, cowUrl: `${publicUrl}/sandbox/cow` },
      zeroxApiKey,
      swapkit: { url: crossChain.swapkitUrl, apiKey: swapkitApiKey },
      thorchain: { thornodeUrl: crossChain.thornodeUrl, midgardUrl: crossChain.midgardUrl },
      port: apiPort,
      host,
      quoteLogPath,
      partnerRegistryPath: writeSandboxPartnerRegistry({ manifest: world.manifest, sandboxDir }),
      accessSettings: createAccessSettings({
        manifest: world.manifest,
        facilitatorUrl: facilitator.url,
        publicHost: publicUrl,
      }),
    })
    const venues = createSandboxVenues({ config, manifest: world.manifest })
    const ledgerWallet = createLedgerWalletRoutes({
      ledgerUrl: crossChain.ledgerUrl,
      accounts: Object.fromEntries(
        Object.entries(crossChain.ledgerAccounts).map(([chain, { accounts }]) => [chain, accounts[0]!]),
      ),
    })
    const site = new Hono()
      .route('/', createSandboxRoutes({ world, quoteLogPath, cowUrl: simulators.cowUrl }))
      .route('/', ledgerWallet)
      .route('/', pages)
    const api = await startApiServer({
      config,
      venues,
      site,
      sitePreflight: sandboxPreflight,
      port: apiPort,
    }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(
          `port ${port} on ${host} is already in use; set PORT to another port (PORT=0 picks a free one)`,
        )
      }
      throw error
    })
    lifecycle.add('api', () => api.close())
    // Every start is a new world (fresh chains, fresh quote records): the last world's quote log, whose
    // transactions no longer exist, is kept aside as quotes.previous.jsonl rather than mixed into this
    // one's. Only once the port is ours: a second start that fails on it leaves the first's log alone.
    try {
      renameSync(quoteLogPath, join(sandboxDir, 'quotes.previous.jsonl'))
    } catch {
      // No log yet.
    }

    await waitUntilAnswering({
      probes: [
        { name: 'API', url: `${api.url}/api/sdk/v1/chains` },
        { name: 'demo page', url: `${api.url}/` },
        { name: 'manifest', url: `${api.url}/sandbox/world.json` },
        { name: '0x simulator', url: simulators.zeroxUrl },
        { name: 'LI.FI simulator', url: simulators.lifiUrl },
        { name: 'CoW simulator', url: simulators.cowUrl },
        { name: 'THORNode simulator', url: `${crossChain.thornodeUrl}/thorchain/inbound_addresses` },
        { name: 'Midgard simulator', url: `${crossChain.midgardUrl}/v2/actions?limit=1` },
        { name: 'x402 facilitator', url: `${facilitator.url}/supported` },
        ...Object.values(world.chains).map((chain) => ({
          name: `${chain.symbol} chain`,
          url: `${api.url}/sandbox/rpc/${chain.chainId}`,
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
          },
        })),
      ],
    })

    return {
      url: api.url,
      world,
      simulators,
      crossChain,
      facilitator,
      api,
      venues,
      quoteLogPath,
      manifestPath,
      timings: {
        worldMs,
        siteMs: siteResult.value.ms,
        siteBuilt: siteResult.value.built,
        simulatorsMs,
        totalMs: Date.now() - startedAt,
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/** Vite's dev server in middleware mode; its hot-reload socket gets a free port of its own. */
async function startVite(): Promise<ViteDevServer> {
  const { createServer } = await import('vite')
  return createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: { port: await findFreePort() } },
  })
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
