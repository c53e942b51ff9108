import { fileURLToPath } from 'node:url'
import { minifyHTMLLiterals } from 'minify-literals'
import { build, defaultClientConditions, defineConfig, parseAst, runnerImport } from 'vite'
import type { InlineConfig, Plugin } from 'vite'
import type { CatalogSource } from './parts/defineCatalog'

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

/**
 * Vite's browser conditions with `production` for `development|production`: the packages' production
 * builds whatever NODE_ENV says (Vite resolves `development` when NODE_ENV is anything but
 * `production`, and a test runner sets it to `test`). The demo site's build uses them too.
 */
export const productionConditions = defaultClientConditions.map((condition) =>
  condition === 'development|production' ? 'production' : condition,
)

const shared: InlineConfig = {
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  // Lit and other libraries check NODE_ENV; a browser has no `process`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    // Lit's production build, not its dev mode (larger, and a warning in the console), also when a
    // test runner has set NODE_ENV to `test`.
    conditions: productionConditions,
    alias: [
      // WalletConnect's own modal (AppKit) is never opened: the widget shows the pairing QR code itself.
      { find: '@reown/appkit/core', replacement: widget('./parts/appKitUnused.ts') },
      // wagmi's `createConfig` imports the `mipd` store and the `injected` connector for its EIP-6963
      // discovery, which the wallet menu turns off (`multiInjectedProviderDiscovery: false`); nothing
      // else in the build imports either specifier (a test checks the built wallet chunk).
      { find: /^mipd$/, replacement: widget('./parts/wagmiDiscoveryUnused.ts') },
      { find: /^\.\/connectors\/injected\.js$/, replacement: widget('./parts/wagmiDiscoveryUnused.ts') },
    ],
  },
}

const external = [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/, /^viem($|\/)/, /^lean-qr($|\/)/]

/**
 * @wagmi/core's `Emitter` gets `parts/wagmiEventEmitter.ts` for `eventemitter3`: the wallet chunk then
 * carries neither eventemitter3 nor the interop runtime its CommonJS needs. Every other importer (the
 * WalletConnect and Coinbase Wallet chunks) keeps the real package.
 */
export function wagmiEventEmitter(): Plugin {
  return {
    name: 'swap-quote-wagmi-event-emitter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'eventemitter3' || !importer?.replaceAll('\\', '/').includes('/@wagmi/core/'))
        return null
      return widget('./parts/wagmiEventEmitter.ts')
    },
  }
}

/**
 * @wagmi/core's `BaseError` (every wagmi error's class) gets `parts/wagmiBaseError.ts`: the same fields
 * and `walk`, with a plain message in place of wagmi's docs link and version (about half a kilobyte of
 * the wallet chunk).
 */
export function wagmiBaseError(): Plugin {
  return {
    name: 'swap-quote-wagmi-base-error',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!/^\.\.?\/(errors\/)?base\.js$/.test(source)) return null
      const from = importer?.replaceAll('\\', '/') ?? ''
      if (!/\/@wagmi\/core\/dist\/esm\/(errors|exports)\//.test(from)) return null
      return widget('./parts/wagmiBaseError.ts')
    },
  }
}

/**
 * viem's RPC error classes (`viem/_esm/errors/rpc.js`, as its transport's `buildRequest` and the rest of
 * viem import them) get `parts/viemRpcErrors.ts`: the same classes, names and codes, with shorter
 * messages (about 400 B of gzip). viem's own entry keeps the original, which nothing then uses.
 */
export function viemRpcErrors(): Plugin {
  return {
    name: 'swap-quote-viem-rpc-errors',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!/^(\.\.\/)+errors\/rpc\.js$/.test(source)) return null
      const from = importer?.replaceAll('\\', '/') ?? ''
      if (!/\/viem\/_esm\/.+\//.test(from) || from.endsWith('/viem/_esm/index.js')) return null
      return widget('./parts/viemRpcErrors.ts')
    },
  }
}

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
      // The tests' hooks (`data-testid`) stay in the sources, which the browser tests and the demo page
      // build from, and out of what a site loads (about 320 B of gzip); sites select by `part`. Taken out
      // within their lines, so the map's lines still hold.
      const withoutTestIds = code.replace(/[ \t]+data-testid=(?:"[^"]*"|\$\{[^}]*\})/g, '')
      const minified = await minifyHTMLLiterals(withoutTestIds, {
        fileName: id,
        html: { conservativeCollapse: true },
      })
      return minified ? { code: minified.code, map: minified.map } : null
    },
  }
}

/** A message catalog's source file: `widget/locales/<language>.ts`. */
const catalogFile = /[\\/]widget[\\/]locales[\\/][\w-]+\.ts$/

/**
 * Builds each message catalog (`widget/locales/<language>.ts`) into what its `defineCatalog(…)` call
 * returns, worked out at build time: the chunk holds the translations under four-character ids of
 * their English, not the English sentences beside them (those were over a third of a catalog's
 * gzip). The browser tests and unit tests run the call as written and get the same catalog. A
 * catalog file is data: `export const catalog = defineCatalog({ dir, messages })`, strings only.
 */
export function compactCatalogs(): Plugin {
  // The browser's own `defineCatalog`, loaded through Vite like any module of the widget.
  let loading: Promise<typeof import('./parts/defineCatalog')> | undefined
  return {
    name: 'swap-quote-compact-catalogs',
    enforce: 'pre',
    async transform(code, id) {
      if (!catalogFile.test(id)) return null
      loading ??= runnerImport<typeof import('./parts/defineCatalog')>(widget('./parts/defineCatalog.ts'), {
        configFile: false,
        logLevel: 'warn',
      }).then(({ module }) => module)
      const { defineCatalog } = await loading
      const catalog = defineCatalog(readCatalogSource(code, id))
      return { code: `export const catalog = ${JSON.stringify(catalog)}\n`, map: null }
    },
  }
}

/** The literal argument of a catalog file's `defineCatalog(…)`; throws on anything but plain data. */
export function readCatalogSource(code: string, id: string): CatalogSource {
  type Node = { type: string; [key: string]: unknown }
  const fail = (why: string): never => {
    throw new Error(
      `${id}: ${why} (a catalog is \`export const catalog = defineCatalog({ dir, messages })\`)`,
    )
  }
  const valueOf = (node: Node): unknown => {
    if (node.type === 'Literal' && typeof node.value === 'string') return node.value
    if (node.type !== 'ObjectExpression') return fail(`${node.type} is not a string or an object of strings`)
    return Object.fromEntries(
      (node.properties as Node[]).map((property) => {
        const key = property.key as Node
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method)
          return fail('only plain `key: value` properties')
        return [key.type === 'Identifier' ? key.name : valueOf(key), valueOf(property.value as Node)]
      }),
    )
  }
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] }
  for (const statement of program.body) {
    const declaration = statement.declaration as Node | null | undefined
    if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null
      if ((declarator.id as Node).name !== 'catalog') continue
      if (init?.type !== 'CallExpression' || (init.callee as Node).name !== 'defineCatalog')
        return fail('`catalog` is not a `defineCatalog(…)` call')
      const [argument] = init.arguments as Node[]
      const source = argument ? valueOf(argument) : fail('`defineCatalog()` has no argument')
      const { dir, messages } = source as Partial<CatalogSource>
      if ((dir !== 'ltr' && dir !== 'rtl') || typeof messages !== 'object')
        return fail('it needs `dir` (ltr or rtl) and `messages`')
      return { dir, messages }
    }
  }
  return fail('no `catalog` export')
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
        plugins: [compactCatalogs(), wagmiEventEmitter(), wagmiBaseError(), viemRpcErrors()],
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

/**
 * What shapes `dist/swap-quote.js` itself: the catalogs, the templates and wagmi's emitter. The build
 * adds its checks and the bundler module on top; the bundle bench and the built widget's test build
 * with these alone, so they measure and run what a page loads.
 */
export function scriptPlugins(): Plugin[] {
  return [compactCatalogs(), minifyLiterals(), wagmiEventEmitter(), wagmiBaseError(), viemRpcErrors()]
}

export default defineConfig({
  ...shared,
  plugins: [...scriptPlugins(), firstLoadInOneFile(), bundlerModule()],
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
