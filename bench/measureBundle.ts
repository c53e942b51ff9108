import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type InlineConfig } from 'vite'
import widgetConfig, { scriptPlugins } from '../widget/vite.config'

export type BundleFigure = {
  /** `swap-quote.js` and its static imports (and a `quoting-*` chunk, if a build has one): what a page loads to show a quote. */
  quotingGzipBytes: number
  quotingFiles: string[]
  /**
   * Every chunk reachable from the entry, dynamic imports included, except the opt-in wallet
   * connectors' and the plain palette of browsers without light-dark(), and of the message catalogs only the largest (a page loads at most one): everything
   * a user can have loaded once execution has.
   */
  allGzipBytes: number
  allFiles: string[]
  /** The message catalogs (`widget/locales/*`), each a chunk of its own, with their gzip sizes. */
  catalogs: { file: string; gzipBytes: number }[]
  /** What choosing WalletConnect loads on top of that: its chunk and the chunks it imports statically. */
  walletConnectGzipBytes: number
  walletConnectFiles: string[]
  /** What choosing Coinbase Wallet loads on top of `allFiles`. */
  coinbaseWalletGzipBytes: number
  coinbaseWalletFiles: string[]
  /** What a browser without CSS light-dark() loads on top of `allFiles`: the plain palette. */
  plainPaletteGzipBytes: number
  plainPaletteFiles: string[]
}

/** The opt-in wallet connectors' chunks, each loaded only when the user picks that wallet. */
const walletConnectChunk = /(^|\/)createWalletConnectProvider-[^/]*\.js$/
const coinbaseWalletChunk = /(^|\/)createCoinbaseWalletProvider-[^/]*\.js$/
/** The plain palette, loaded only by a browser without CSS light-dark() (`widget/parts/plainPalette.ts`). */
const plainPaletteChunk = /(^|\/)plainPalette-[^/]*\.js$/

type OutputChunk = {
  type: 'chunk'
  fileName: string
  code: string
  imports: string[]
  dynamicImports: string[]
  moduleIds: string[]
}
type OutputItem = OutputChunk | { type: 'asset'; fileName: string }

function closure(
  entry: string,
  chunks: Map<string, OutputChunk>,
  withDynamic: boolean,
  skip: (name: string) => boolean = () => false,
): string[] {
  const seen = new Set<string>()
  const visit = (name: string) => {
    const chunk = chunks.get(name)
    if (!chunk || seen.has(name) || skip(name)) return
    seen.add(name)
    for (const next of chunk.imports) visit(next)
    if (withDynamic) for (const next of chunk.dynamicImports) visit(next)
  }
  visit(entry)
  return [...seen]
}

/**
 * Builds the self-contained widget (`widget/vite.config.ts`, without its bundler-module second
 * pass) into a temporary directory and sums gzip sizes (level 9) of the quoting-only entry and of
 * everything reachable from it.
 */
export async function measureBundle(): Promise<BundleFigure> {
  const outDir = await mkdtemp(join(tmpdir(), 'swap-quote-bench-'))
  try {
    const config = widgetConfig as InlineConfig
    const result = await build({
      ...config,
      configFile: false,
      plugins: scriptPlugins(),
      logLevel: 'error',
      build: { ...config.build, outDir, emptyOutDir: true },
    })
    const outputs = (Array.isArray(result) ? result : [result]) as { output: OutputItem[] }[]
    const chunks = new Map<string, OutputChunk>()
    for (const { output } of outputs) {
      for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item)
    }
    const gzipBytes = (files: string[]) =>
      files.reduce((sum, file) => sum + gzipSync(chunks.get(file)!.code, { level: 9 }).length, 0)
    // Quoting needs the entry and its static imports (the client and schemas are among them); a
    // `quoting-*` chunk, should a build load the client apart, is counted too: no quote shows without it.
    const quotingChunks = [...chunks.keys()].filter((name) => /(^|\/)quoting-[^/]*\.js$/.test(name))
    const quotingFiles = [
      ...new Set([
        ...closure('swap-quote.js', chunks, false),
        ...quotingChunks.flatMap((name) => closure(name, chunks, false)),
      ]),
    ]
    const isApart = (name: string) =>
      walletConnectChunk.test(name) || coinbaseWalletChunk.test(name) || plainPaletteChunk.test(name)
    const reachable = closure('swap-quote.js', chunks, true, isApart)
    const catalogs = reachable
      .filter((name) => chunks.get(name)!.moduleIds.every((id) => /[\\/]widget[\\/]locales[\\/]/.test(id)))
      .map((file) => ({ file, gzipBytes: gzipBytes([file]) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
    const allFiles = reachable.filter((name) => !catalogs.slice(1).some((catalog) => catalog.file === name))
    if (quotingFiles.length === 0) throw new Error('the widget build has no swap-quote.js')
    const added = (pattern: RegExp) => {
      const chunk = [...chunks.keys()].find((name) => pattern.test(name))
      return chunk ? closure(chunk, chunks, false).filter((name) => !allFiles.includes(name)) : []
    }
    const walletConnectFiles = added(walletConnectChunk)
    const coinbaseWalletFiles = added(coinbaseWalletChunk)
    const plainPaletteFiles = added(plainPaletteChunk)
    return {
      quotingGzipBytes: gzipBytes(quotingFiles),
      quotingFiles,
      allGzipBytes: gzipBytes(allFiles),
      allFiles,
      catalogs,
      walletConnectGzipBytes: gzipBytes(walletConnectFiles),
      walletConnectFiles,
      coinbaseWalletGzipBytes: gzipBytes(coinbaseWalletFiles),
      coinbaseWalletFiles,
      plainPaletteGzipBytes: gzipBytes(plainPaletteFiles),
      plainPaletteFiles,
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
