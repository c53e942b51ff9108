import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/*
 * The demo site (`/` and `/partners`): built by `npm start` into `.sandbox/site/` with Vite's `build()`,
 * served by Vite's dev server in middleware mode under `npm run dev`. Both pages are plain HTML entries;
 * no external fonts or CDNs, everything is bundled.
 */
const page = (path: string) => fileURLToPath(new URL(path, import.meta.url))

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
    rollupOptions: { input: { index: page('./index.html'), partners: page('./partners.html') } },
  },
})
