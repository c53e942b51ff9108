/**
 * `npm start` (`node --import tsx demo/start.ts`) and `npm run dev` (the same with `--dev`): the sandbox world,
 * the venue simulators, the API and the demo page on one port. Settings: `PORT` (default 8787, 0 picks
 * a free port), `HOST` (default 127.0.0.1), `SANDBOX_DIR` (manifest and quote log; default `.sandbox`);
 * `WORKERS` is always 1 here.
 * Prints the sandbox's parts, then `ready <url>` once every part answers; stops everything on SIGINT
 * or SIGTERM. A failed start stops what had started and exits with status 1.
 */
import { relative, resolve } from 'node:path'
import { stopOnSignals } from '../api/lifecycle/createLifecycle'
import { startSandbox, type Sandbox } from './server/startSandbox'
import { ledgerChains } from './sandbox/thorchain/addresses/sandboxAddress'

const dev = process.argv.includes('--dev')
const out = (line: string) => process.stdout.write(`${line}\n`)
const fail = (message: string): never => {
  process.stderr.write(`start failed: ${message}\n`)
  process.exit(1)
}

const portText = process.env.PORT?.trim() || '8787'
const port =
  /^\d{1,5}$/.test(portText) && Number(portText) <= 65_535
    ? Number(portText)
    : fail(`PORT must be 0 to 65535, got "${portText.slice(0, 20)}"`)
const host = process.env.HOST?.trim() || '127.0.0.1'
const sandboxDir = process.env.SANDBOX_DIR?.trim() ? resolve(process.env.SANDBOX_DIR.trim()) : undefined
// The sandbox's venues live in this process (its chains and simulators), so its API is one worker.
if ((process.env.WORKERS?.trim() || '1') !== '1') {
  out(
    `WORKERS=${process.env.WORKERS?.trim().slice(0, 10)} is for npm run serve; the sandbox API runs as one worker`,
  )
}

let sandbox: Sandbox | undefined
stopOnSignals({
  say: out,
  // Still starting: nothing to drain; the anvils die with the process (their exit hooks kill them).
  stop: () => (sandbox ? sandbox.stop() : Promise.reject(new Error('stopped while starting'))),
  // The API's drain (a quote's deadline plus 2 s, at least 10 s) fits, with the chains' stop after it.
  forceAfterMs: 20_000,
})

try {
  sandbox = await startSandbox({ port, host, dev, ...(sandboxDir ? { sandboxDir } : {}), onProgress: out })
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}

if (sandbox) {
  const { world, simulators, venues, timings, url } = sandbox
  const show = (path: string) => relative(process.cwd(), path) || path
  out('sandbox chains:')
  for (const chain of Object.values(world.chains)) {
    out(
      `  ${chain.symbol.padEnd(5)} chain id ${String(chain.chainId).padEnd(6)} ${chain.rpcUrl}  (anvil pid ${chain.pid})`,
    )
  }
  out('simulators:')
  out(`  0x       ${simulators.zeroxUrl}`)
  out(`  LI.FI    ${simulators.lifiUrl}`)
  out(`  CoW      ${simulators.cowUrl}`)
  out(`  SwapKit  ${sandbox.crossChain.swapkitUrl}`)
  out(`  THORNode ${sandbox.crossChain.thornodeUrl}`)
  out(`  Midgard  ${sandbox.crossChain.midgardUrl}`)
  out(`  ledger   ${sandbox.crossChain.ledgerUrl} (${ledgerChains.join(', ')})`)
  out(`  faults   ${simulators.faultControlUrl}`)
  out(`  x402     ${sandbox.facilitator.url} (local facilitator for /access)`)
  out(`venues: ${venues.map((venue) => venue.id).join(', ') || 'none'}`)
  out(`manifest: ${show(sandbox.manifestPath)}  quote log: ${show(sandbox.quoteLogPath)}`)
  out(
    `demo account: ${world.accounts[0]!.address} (anvil dev account 0; its key is public, so it holds sandbox funds only)`,
  )
  out(
    `started in ${(timings.totalMs / 1000).toFixed(1)} s (chains ${(timings.worldMs / 1000).toFixed(1)} s, ` +
      `page ${dev ? 'via Vite dev server' : timings.siteBuilt ? `built in ${(timings.siteMs / 1000).toFixed(1)} s` : 'up to date'})`,
  )
  out(`API ${url}/api/sdk/v1  partners ${url}/partners`)
  out(`stop with Ctrl+C or kill -TERM ${process.pid}`)
  out(`ready ${url}`)
}
