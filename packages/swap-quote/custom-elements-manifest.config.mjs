/**
 * The Custom Elements Manifest analyzer's settings for the widget package (`npm run pack:widget`):
 * the element and its event classes, read with the analyzer's Lit support. `packagejson: false`: the
 * analyzer would otherwise write its output path into the repository's own package.json.
 */
export default {
  globs: ['widget/swap-quote.ts', 'widget/events.ts'],
  litelement: true,
  packagejson: false,
}
