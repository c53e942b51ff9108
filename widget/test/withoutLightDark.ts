/**
 * Imported first by a test file, before the element: the element's styles then read as a browser
 * without CSS `light-dark()` (before Chrome 123, Firefox 120 and Safari 17.5) reads them. Every style
 * sheet built from text sees the function under a name no browser knows, so each colour written
 * with it is invalid, and `CSS.supports` does not know the function, as such a browser does not.
 */
const replaceSync = CSSStyleSheet.prototype.replaceSync
CSSStyleSheet.prototype.replaceSync = function (text: string) {
  replaceSync.call(this, text.replaceAll('light-dark(', 'no-light-dark('))
}

const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean
CSS.supports = ((...args: string[]) =>
  !args.join(' ').includes('light-dark(') && supports(...args)) as typeof CSS.supports

export {}
