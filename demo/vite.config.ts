import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/*
 * The demo site (`/` and `/partners`): built by `npm start` into `.sandbox/site/` with Vite's `build()`,
 * served by Vite's dev server in middleware mode under `npm run dev`. Both pages are plain HTML entries;
 * no external fonts or CDNs, everything is bundled.
 */
const page = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const widgetElement = fileURLToPath(new URL('../widget/swap-quote.ts', import.meta.url))
/** Our own TypeScript: the widget, `shared/` and the pages. */
const ownModule = (id: string) =>
  /[\\/](widget|shared|demo)[\\/].*\.ts$/.test(id) && !id.includes('node_modules')

export default defineConfig({
  root: page('.'),
  publicDir: false,
  logLevel: 'warn',
  clearScreen: false,
  appType: 'custom',
  build: {
    target: 'es2022',
    emptyOutDir: true,
    reportCompressedSize: false,
    rollupOptions: {
      input: { index: page('./index.html'), partners: page('./partners.html') },
      // The demo page's first load in as few files as can be: with these two, the modules the page
      // shares with its lazy chunks (lit, the client, the schemas) join the page's own chunk or a few
      // shared ones instead of one file each (9 files instead of 19; the widget was defined about
      // 35 ms sooner on this machine). Our modules do nothing on import but the element's
      // registration and the pages' own start (STYLE 11), so the bundler may move them freely.
      preserveEntrySignatures: 'allow-extension',
      treeshake: {
        moduleSideEffects: (id: string) =>
          !ownModule(id) || id === widgetElement || id === page('./main.ts') || id === page('./partners.ts'),
      },
    },
  },
})
