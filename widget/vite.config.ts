import { fileURLToPath } from 'node:url'
import { minifyHTMLLiterals } from 'minify-literals'
import { build, defineConfig } from 'vite'
import type { InlineConfig, Plugin } from 'vite'

/*
 * `npm run build`: the widget for publishing, in two forms.
 *
 * - `dist/swap-quote.js`: one self-contained ES module for `<script type="module" src=…>`. Everything
 *   is bundled. The entry holds everything the first quote needs (the element, lit, the chain
 *   registry, the API client with its zod schemas) in one file, so nothing stands between the script
 *   and the first request; the lazy chunks import what they share from it. The wallet and execution code (viem) with
 *   the progress, delivery and deposit views, `lean-qr`, and rarely shown views (problem words, the
 *   checks before a swap, the balance read) are chunks loaded only when first needed.
 * - `dist/esm/index.js`: the ES module for bundlers. The packages (lit, @lit/task, zod, viem, lean-qr)
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

const external = [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/, /^viem($|\/)/, /^lean-qr($|\/)/]

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

/**
 * Fails the build when the self-contained entry imports another chunk statically: rolldown merges
 * the shared code into the entry only when it judges that safe, and a split would put a round trip
 * back between the script and the first request.
 */
function firstLoadInOneFile(): Plugin {
  return {
    name: 'swap-quote-first-load-in-one-file',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = bundle['swap-quote.js']
      if (entry?.type === 'chunk' && entry.imports.length > 0) {
        this.error(`swap-quote.js imports ${entry.imports.join(', ')}: the first load must be one file`)
      }
    },
  }
}

/**
 * Builds the bundler module after the self-contained file, in the same `vite build` run, into `esm/`
 * inside that build's `outDir` (the package build, `npm run pack:widget`, builds elsewhere).
 */
function bundlerModule(): Plugin {
  let outDir = 'dist'
  return {
    name: 'swap-quote-bundler-module',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      await build({
        ...shared,
        build: {
          outDir: `${outDir}/esm`,
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
  plugins: [minifyLiterals(), firstLoadInOneFile(), bundlerModule()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: widget('./swap-quote.ts'), formats: ['es'], fileName: () => 'swap-quote.js' },
    // Fully minified, whitespace too: Vite keeps whitespace in an ES library for the bundlers that
    // read its pure annotations, but this file goes straight to browsers.
    rollupOptions: {
      // Everything the first quote needs stays in the entry itself, one file and one request: the
      // lazy chunks import what they share with it (lit, the client, the chain registry) from
      // `swap-quote.js`. A separate shared chunk cost a round trip before the first request and
      // about 900 B of gzip. Hence: serve the file by one URL (no per-page query string), or a lazy
      // chunk would load a second copy.
      preserveEntrySignatures: 'allow-extension',
      // Our modules do nothing on import but the element's registration (STYLE 11): a lazy chunk
      // that reaches a module through a folder's `index.ts` then takes only that module, and the
      // entry does not keep what only the execution code uses (the `/status` client, for one).
      treeshake: {
        moduleSideEffects: (id: string) => id === widget('./swap-quote.ts') || id.includes('node_modules'),
      },
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        comments: false,
      },
    },
  },
})
