import { fileURLToPath } from 'node:url'
import { minifyHTMLLiterals } from 'minify-literals'
import { build, defineConfig } from 'vite'
import type { InlineConfig, Plugin } from 'vite'

/*
 * `npm run build`: the widget for publishing, in two forms.
 *
 * - `dist/swap-quote.js`: one self-contained ES module for `<script type="module" src=…>`. Everything
 *   is bundled. The entry holds the element and imports `common` (lit, the chain registry, the API
 *   client with its zod schemas, which the execution chunk shares for `/status`): both load at once,
 *   with no round trip between them and the first request. The wallet and execution code (viem) with
 *   the progress, delivery and deposit views, `qrcode`, and rarely shown views (problem words, the
 *   checks before a swap, the balance read) are chunks loaded only when first needed.
 * - `dist/esm/index.js`: the ES module for bundlers. The packages (lit, @lit/task, zod, viem, qrcode)
 *   stay external so an app keeps one copy of each; the wallet code is still a lazy chunk.
 *
 * No Node polyfills: nothing here shims `process`, `Buffer` or `crypto`.
 *
 * The JavaScript minifier leaves template literals as they are, so the `html` and `css` templates of
 * the element would ship with their indentation; `minifyLiterals` minifies them first.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const widget = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const shared: InlineConfig = {
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  // Lit and other libraries check NODE_ENV; a browser has no `process`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // WalletConnect's own modal (AppKit) is never opened: the widget shows the pairing QR code itself.
  resolve: { alias: { '@reown/appkit/core': widget('./parts/appKitUnused.ts') } },
}

/**
 * Modules the `common` chunk may hold: the widget's own code, and the project's own lit and zod (not
 * a copy of lit nested in a wallet library's dependencies).
 */
function isCommonCandidate(id: string): boolean {
  const [, dependency, ...nested] = id.split(/[\\/]node_modules[\\/]/)
  if (dependency === undefined) return true
  return nested.length === 0 && /^(lit|lit-html|lit-element|@lit[\\/][^\\/]+|zod)[\\/]/.test(dependency)
}

const external = [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/, /^viem($|\/)/, /^qrcode($|\/)/]

/**
 * Minifies the markup and CSS inside the widget's Lit `html` and `css` templates (whitespace, CSS
 * shorthand) before bundling: about a tenth of the first load was template indentation.
 */
export function minifyLiterals(): Plugin {
  return {
    name: 'swap-quote-minify-literals',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!id.startsWith(widget('./')) || !/\.ts$/.test(id) || !/\b(html|css)`/.test(code)) return null
      // Conservative: a run of whitespace becomes one space, never none, so words that meet at a
      // template expression or an inline element stay apart.
      const minified = await minifyHTMLLiterals(code, { fileName: id, html: { conservativeCollapse: true } })
      return minified ? { code: minified.code, map: minified.map } : null
    },
  }
}

/** Builds the bundler module after the self-contained file, in the same `vite build` run. */
function bundlerModule(): Plugin {
  return {
    name: 'swap-quote-bundler-module',
    apply: 'build',
    async closeBundle() {
      await build({
        ...shared,
        build: {
          outDir: 'dist/esm',
          emptyOutDir: true,
          target: 'es2022',
          minify: false,
          lib: { entry: widget('./index.ts'), formats: ['es'], fileName: () => 'index.js' },
          rollupOptions: { external, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
        },
      })
    },
  }
}

export default defineConfig({
  ...shared,
  plugins: [minifyLiterals(), bundlerModule()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: widget('./swap-quote.ts'), formats: ['es'], fileName: () => 'swap-quote.js' },
    // Fully minified, whitespace too: Vite keeps whitespace in an ES library for the bundlers that
    // read its pure annotations, but this file goes straight to browsers.
    rollupOptions: {
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        comments: false,
        // What the entry shares with the execution chunk (lit, the chain registry) gets one plain
        // name, `chunks/common-*.js`, instead of the name of whichever module rolldown picks. Of
        // the packages only lit and zod may join it: viem, @wagmi/core and the wallet connectors'
        // libraries are shared among lazy chunks only, and must not ride along in the first load.
        codeSplitting: { groups: [{ name: 'common', minShareCount: 2, test: isCommonCandidate }] },
      },
    },
  },
})
