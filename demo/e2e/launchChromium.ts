import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

/** The system Chromium; `CHROME_PATH` overrides it. Nothing is downloaded. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export type LaunchChromiumParameters = {
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
}

/** A headless Chromium with a fresh profile; `close()` ends the browser and deletes the profile. */
export type LaunchedChromium = {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/**
 * Launches the system Chromium headless with a new, empty profile (no sandbox, GPU, background
 * networking, component updates, sync or first-run UI), as the end-to-end tests and the benchmark use it.
 *
 * @example
 * const browser = await launchChromium()
 * try { await browser.page.goto(url) } finally { await browser.close() }
 */
export async function launchChromium({
  viewport = { width: 1280, height: 900 },
  colorScheme = 'light',
}: LaunchChromiumParameters = {}): Promise<LaunchedChromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'swap-quote-e2e-chromium-'))
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport,
      colorScheme,
    })
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true })
    throw error
  }
  const page = context.pages()[0] ?? (await context.newPage())
  let closing: Promise<void> | undefined
  return {
    context,
    page,
    close: () =>
      (closing ??= context
        .close()
        .catch(() => undefined)
        .then(() => rmSync(userDataDir, { recursive: true, force: true }))),
  }
}
