import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import type { Page } from 'playwright-core'
import { build, type InlineConfig } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../demo/e2e/launchChromium'
import { serveDirectory } from '../demo/e2e/serveDirectory'
import { createFakeApi } from './test/fakeApi'
import widgetConfig, { scriptPlugins } from './vite.config'

/*
 * The wallet menu as it ships: `dist/swap-quote.js` built by the widget's own Vite config (which
 * stands in for wagmi's EIP-6963 discovery, see `parts/wagmiDiscoveryUnused.ts`, and connects every
 * wallet through `parts/providerConnector.ts`), on a page with a browser wallet that announces itself
 * by EIP-6963, in Chromium, against the fake API over HTTP. The browser tests run the source, where
 * wagmi's modules are whole; this is the build a page gets.
 */

const user = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const other = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

/**
 * The page: a wallet ("Test Wallet") that announces itself by EIP-6963, keeps whether the site may
 * see its account in `sessionStorage` (so a reload finds it as a browser wallet would), records every
 * request in `window.calls` and lets the test fire its events (`window.wallet.emit`).
 */
const page = (apiBase: string) => `<!doctype html>
<html lang="en"><body>
<script>
  const listeners = {}
  window.calls = []
  const allowed = () => sessionStorage.getItem('allowed') === '1'
  window.wallet = {
    emit: (event, value) => (listeners[event] || []).forEach((listener) => listener(value)),
  }
  const provider = {
    async request({ method }) {
      window.calls.push(method)
      if (method === 'wallet_requestPermissions') {
        sessionStorage.setItem('allowed', '1')
        return [{ parentCapability: 'eth_accounts' }]
      }
      if (method === 'eth_requestAccounts') {
        sessionStorage.setItem('allowed', '1')
        return ['${user}']
      }
      if (method === 'wallet_revokePermissions') {
        sessionStorage.removeItem('allowed')
        return null
      }
      if (method === 'eth_accounts') return allowed() ? ['${user}'] : []
      if (method === 'eth_chainId') return '0x1'
      throw Object.assign(new Error('not supported'), { code: 4200 })
    },
    on: (event, listener) => (listeners[event] ||= []).push(listener),
    removeListener: (event, listener) =>
      (listeners[event] = (listeners[event] || []).filter((other) => other !== listener)),
  }
  const detail = Object.freeze({
    info: { uuid: 'uuid-test', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.wallet' },
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
</script>
<swap-quote api-base="${apiBase}" sell-chain="BASE" sell-token="ETH" buy-chain="BASE" buy-token="USDC" amount="1"></swap-quote>
<script type="module" src="/swap-quote.js"></script>
</body></html>
`

describe('the built widget’s wallet menu', () => {
  let dir: string
  let api: ServerType
  let server: Server
  let url: string
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'swap-quote-built-'))
    const config = widgetConfig as InlineConfig
    await build({
      ...config,
      configFile: false,
      plugins: scriptPlugins(),
      logLevel: 'error',
      build: { ...config.build, outDir: dir, emptyOutDir: true },
    })
    const apiUrl = await new Promise<string>((resolve) => {
      api = serve({ fetch: createFakeApi().fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      )
    })
    await writeFile(join(dir, 'index.html'), page(`${apiUrl}/s/ok~built`))
    server = await serveDirectory(dir)
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    browser = await launchChromium()
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    await new Promise((resolve) => api?.close(resolve))
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const account = (tab: Page) => tab.locator('swap-quote [part="wallet"] > span')
  const calls = (tab: Page) => tab.evaluate(() => (window as unknown as { calls: string[] }).calls)

  it('ships Lit’s production build, with no dev-mode warning in the console, though this runner sets NODE_ENV to test', async () => {
    expect(process.env.NODE_ENV).toBe('test')
    const tab = await browser!.context.newPage()
    const warnings: string[] = []
    tab.on('console', (message) => warnings.push(message.text()))
    await tab.goto(url)
    await tab.locator('swap-quote .summary .big > bdi:first-child').waitFor({ timeout: 15_000 })
    expect(warnings.filter((text) => /dev mode/i.test(text))).toEqual([])
    await tab.close()
  })

  it('gives wagmi the widget’s own event emitter: the wallet chunk carries neither eventemitter3 nor CommonJS interop', async () => {
    const chunks = await readdir(join(dir, 'chunks'))
    const walletMenu = chunks.find((name) => name.startsWith('WalletMenu-'))!
    const code = await readFile(join(dir, 'chunks', walletMenu), 'utf8')
    expect(code).not.toContain('_eventsCount')
    expect(code).not.toMatch(/from"\.\/rolldown-runtime/)
    // wagmi's errors are built on the widget's BaseError: no docs link or version in their messages.
    expect(code).not.toContain('wagmi.sh/core')
    expect(code).toContain('WagmiCoreError')
  })

  it('connects an announced wallet, follows its account, restores it after a reload, and forgets it on Disconnect', async () => {
    const tab = browser!.page
    const errors: string[] = []
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(url)

    await tab.locator('swap-quote [part="connect-button"]').click()
    await tab.locator('swap-quote [part="wallet-option"]', { hasText: 'Test Wallet' }).click()
    await expect.poll(() => account(tab).textContent(), { timeout: 15_000 }).toContain('0x7099')
    expect(await calls(tab)).toEqual(
      expect.arrayContaining(['wallet_requestPermissions', 'eth_requestAccounts']),
    )
    expect(await tab.evaluate(() => localStorage.getItem('swap-quote.wallet.recentConnectorId'))).toBe(
      '"test.wallet"',
    )

    // The wallet switches account: the widget follows it.
    await tab.evaluate((address) => (window as any).wallet.emit('accountsChanged', [address]), other)
    await expect.poll(() => account(tab).textContent()).toContain('0x3c44')

    // MetaMask's "reconnecting" (1013) while the wallet still shows the account is not a disconnect:
    // the connection stays, and still follows the wallet's account.
    await tab.evaluate(() =>
      (window as any).wallet.emit('disconnect', { code: 1013, message: 'reconnecting' }),
    )
    await tab.evaluate((address) => (window as any).wallet.emit('accountsChanged', [address]), user)
    await expect.poll(() => account(tab).textContent()).toContain('0x7099')

    // The next visit finds the wallet still connected, without a click and without a prompt.
    await tab.reload()
    await expect.poll(() => account(tab).textContent(), { timeout: 15_000 }).toContain('0x7099')
    expect(await calls(tab)).not.toContain('eth_requestAccounts')

    // The wallet ends the session: the widget offers Connect again.
    await tab.evaluate(() => (window as any).wallet.emit('accountsChanged', []))
    await tab.locator('swap-quote [part="connect-button"]').waitFor()

    // Connect again, then Disconnect in the widget: the stored connection is gone, so a reload offers Connect.
    await tab.locator('swap-quote [part="connect-button"]').click()
    await tab.locator('swap-quote [part="wallet-option"]', { hasText: 'Test Wallet' }).click()
    await expect.poll(() => account(tab).textContent(), { timeout: 15_000 }).toContain('0x7099')
    await tab.locator('swap-quote [part="disconnect-button"]').click()
    await tab.locator('swap-quote [part="connect-button"]').waitFor()
    await expect
      .poll(() => tab.evaluate(() => localStorage.getItem('swap-quote.wallet.recentConnectorId')))
      .toBeNull()
    expect(await calls(tab)).toContain('wallet_revokePermissions')
    expect(await tab.evaluate(() => sessionStorage.getItem('allowed'))).toBeNull()
    await tab.reload()
    await tab.locator('swap-quote [part="connect-button"]').waitFor()
    // Choosing the wallet again asks it for permission again (it may offer another account).
    await tab.locator('swap-quote [part="connect-button"]').click()
    await tab.locator('swap-quote [part="wallet-option"]', { hasText: 'Test Wallet' }).click()
    await expect.poll(() => account(tab).textContent(), { timeout: 15_000 }).toContain('0x7099')
    expect(await calls(tab)).toContain('wallet_requestPermissions')
    expect(errors).toEqual([])
  }, 120_000)
})
