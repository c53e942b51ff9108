import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InlineConfig } from 'vite'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const viteConfigFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url))
const STAMP_FILE = '.source-stamp'
/** Where in the site the published widget script goes (`createStaticPages` serves it at `/swap-quote.js`). */
export const WIDGET_DIR = 'widget'
/** Changes whenever the build's own settings change in a way the sources do not show. */
const BUILD_RECIPE = 3

/** What the demo site is built from: the pages and their modules, the widget, `shared/`, the lock file. */
const sourceRoots = ['demo', 'widget', 'shared']
const skipped = /(^|\/)(sandbox|server|market|node_modules|e2e)(\/|$)|\.test(-d)?\.ts$/

function listSources(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (skipped.test(relative(repoRoot, path))) continue
      if (entry.isDirectory()) walk(path)
      else files.push(path)
    }
  }
  for (const root of sourceRoots) walk(join(repoRoot, root))
  files.push(join(repoRoot, 'package-lock.json'))
  return files.sort()
}

/** A cheap fingerprint of the sources (path, size and mtime of each file), so a fresh build is reused. */
function fingerprintSources(): string {
  const hash = createHash('sha256')
  // How the site is built, beside what from: a site built before its packages' production builds
  // were forced (a test's build had Lit's dev mode) is built again.
  hash.update(`recipe ${BUILD_RECIPE}\n`)
  for (const file of listSources()) {
    const stat = statSync(file, { throwIfNoEntry: false })
    hash.update(`${relative(repoRoot, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`)
  }
  return hash.digest('hex')
}

export type BuildSiteParameters = {
  /** Where the built site goes (`.sandbox/site`). */
  outDir: string
  /** Rebuild even when the sources have not changed. */
  force?: boolean
}

export type BuildSiteReturnType = { outDir: string; built: boolean; ms: number }

/**
 * Builds the demo site (`demo/index.html`, `demo/partners.html` and what they import) with Vite's
 * `build()` into `outDir`, unless the build there is already from the current sources. The build goes
 * to a temporary folder first and replaces `outDir` only once complete, so a server never serves half
 * a build.
 *
 * @example
 * const { built, ms } = await buildSite({ outDir: '.sandbox/site' })
 */
export async function buildSite({
  outDir,
  force = false,
}: BuildSiteParameters): Promise<BuildSiteReturnType> {
  const startedAt = Date.now()
  const stamp = fingerprintSources()
  const stampPath = join(outDir, STAMP_FILE)
  if (!force && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
    return { outDir, built: false, ms: Date.now() - startedAt }
  }
  const [{ build }, widgetBuild] = await Promise.all([import('vite'), import('../../widget/vite.config')])
  const { productionConditions } = widgetBuild
  const temporary = `${outDir}.tmp-${process.pid}-${Date.now()}`
  try {
    await build({
      configFile: viteConfigFile,
      logLevel: 'warn',
      // Production builds of the packages (Lit without its dev mode) also when NODE_ENV is `test`:
      // the tests' sandboxes share this build with `npm start`.
      resolve: { conditions: productionConditions },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { outDir: temporary, emptyOutDir: true },
    })
    // The published script too (`dist/swap-quote.js` and its chunks, as `npm run build` makes them), so
    // the page's embed snippet works as pasted into a page of any origin while the sandbox runs.
    const widgetConfig = widgetBuild.default as InlineConfig
    await build({
      ...widgetConfig,
      configFile: false,
      plugins: widgetBuild.scriptPlugins(),
      logLevel: 'warn',
      build: { ...widgetConfig.build, outDir: join(temporary, WIDGET_DIR), emptyOutDir: true },
    })
    writeFileSync(join(temporary, STAMP_FILE), stamp)
    // Another sandbox starting at the same moment finished the same build first and may be serving
    // it already: replacing it would take its files away for a moment (pages loading then got 404s).
    if (!force && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
      return { outDir, built: true, ms: Date.now() - startedAt }
    }
    rmSync(outDir, { recursive: true, force: true })
    try {
      renameSync(temporary, outDir)
    } catch (error) {
      // Another sandbox starting at the same moment put its build there first; the same sources
      // make the same site, so theirs serves as well as ours.
      const built = existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp
      if (!built) throw error
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true })
  }
  return { outDir, built: true, ms: Date.now() - startedAt }
}
