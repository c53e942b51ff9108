import { fileURLToPath } from 'node:url'
import { build, defineConfig } from 'vite'
import type { InlineConfig, Plugin } from 'vite'

/*
 * `npm run build`: the widget for publishing, in two forms.
 *
 * - `dist/swap-quote.js`: one self-contained ES module for `<script type="module" src=…>`. Everything
 *   is bundled. The entry holds the element and imports `common` (lit, the chain registry); the API
 *   client with its zod schemas is the `quoting` chunk, loaded as the element connects (the form
 *   renders meanwhile); the wallet and execution code (viem) with the progress and deposit views, and
 *   `qrcode`, are chunks loaded only when someone executes or sees a deposit.
 * - `dist/esm/index.js`: the ES module for bundlers. The packages (lit, @lit/task, zod, viem, qrcode)
 *   stay external so an app keeps one copy of each; the wallet code is still a lazy chunk.
 *
 * No Node polyfills: nothing here shims `process`, `Buffer` or `crypto`.
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
}

const external = [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/, /^viem($|\/)/, /^qrcode($|\/)/]

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

/**
 * Drops the indentation after each line break in the widget's own sources. Outside template literals it
 * is whitespace the minifier drops anyway; inside them (the `html` and `css` templates) it is
 * whitespace HTML and CSS collapse, which would otherwise ship as written.
 */
function collapseTemplateIndentation(): Plugin {
  return {
    name: 'swap-quote-collapse-template-indentation',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]widget[\\/].+\.ts$/.test(id) || id.includes('node_modules')) return undefined
      return { code: code.replace(/\n[ \t]+/g, '\n'), map: null }
    },
  }
}

export default defineConfig({
  ...shared,
  plugins: [collapseTemplateIndentation(), bundlerModule()],
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
        // name, `chunks/common-*.js`, instead of the name of whichever module rolldown picks.
        codeSplitting: { groups: [{ name: 'common', minShareCount: 2 }] },
      },
    },
  },
})
