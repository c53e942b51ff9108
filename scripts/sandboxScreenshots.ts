/**
 * Takes the README's pictures of the route details and the settings from the demo page on the real
 * sandbox world (anvil chains, venue simulators, the API), so every number in them comes from one
 * real race and agrees with the others: a firm quote for the demo's dev account, with its network
 * cost, service fee and the venues the race compared.
 *
 * Run: npx tsx scripts/sandboxScreenshots.ts
 * (writes docs/images/widget-route-details.png, widget-settings.png and widget-phone.png; about a minute)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from '../demo/e2e/launchChromium'
import { openDemoPage } from '../demo/e2e/openDemoPage'
import { defaultSandboxDir, startSandbox } from '../demo/server/startSandbox'

const sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-shots-'))
const sandbox = await startSandbox({ port: 0, sandboxDir, siteDir: join(defaultSandboxDir, 'site-shots') })
const browser = await launchChromium({ viewport: { width: 1280, height: 1600 } })
try {
  await mkdir('docs/images', { recursive: true })
  const demo = await openDemoPage({ page: browser.page, url: sandbox.url })
  const { widget } = demo
  // A same-chain ERC-20 pair: the race compares several venues and the route has every kind of fee.
  await demo.chooseToken('sell', 'USDC')
  await demo.chooseToken('buy', 'WETH')
  await demo.enterAmount('2500')
  await demo.waitForQuote('Swap')
  await widget.locator('[part="route-detail"] summary').click()
  await widget.locator('[data-testid="route-detail"]').waitFor()
  await widget.screenshot({ path: 'docs/images/widget-route-details.png' })

  await widget.locator('[part="route-detail"] summary').click()
  await widget.locator('[part="settings-button"]').click()
  await widget.locator('input[name="slippage"]').fill('0.3')
  await widget.locator('[data-testid="settings"]').waitFor()
  await widget.screenshot({ path: 'docs/images/widget-settings.png' })

  // The same quote on a phone 390 CSS pixels wide: the whole card, its swap button included.
  await widget.locator('[part="settings-button"]').click()
  await browser.page.setViewportSize({ width: 390, height: 844 })
  await demo.waitForQuote('Swap')
  const card = await widget.boundingBox()
  if (!card) throw new Error('the widget is not on the page')
  await browser.page.screenshot({ path: 'docs/images/widget-phone.png', fullPage: true, clip: card })
  if (demo.problems.length > 0) throw new Error(`the page reported: ${demo.problems.join('; ')}`)
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
}
