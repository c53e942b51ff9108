/**
 * `html` with `markup` added at the end of its `<head>` (unchanged when there is nothing to add or no
 * `</head>`).
 *
 * @example
 * addToHead('<head><title>x</title></head>', '<meta name="a" />') // '<head><title>x</title><meta name="a" /></head>'
 */
export function addToHead(html: string, markup: string): string {
  const end = html.indexOf('</head>')
  return markup && end >= 0 ? `${html.slice(0, end)}${markup}${html.slice(end)}` : html
}
