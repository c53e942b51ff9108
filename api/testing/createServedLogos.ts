import type { Hono } from 'hono'
import { createLogoFiles, LOGOS_PATH } from '../logos/createLogoFiles'
import { createLogosRoute } from '../routes/logos'

/** The real logo files for a stand-in API: the `logoURI` of a symbol, and the route that serves them. */
export type ServedLogos = { logoURI: (symbol: string) => string | undefined; route: Hono<any> }

/**
 * The API's own logo files and `/logos` route, for the browser tests' fake API and the README's
 * screenshots, so a stand-in names and serves logos exactly as the API does.
 */
export function createServedLogos(): ServedLogos {
  const files = createLogoFiles()
  return {
    logoURI: (symbol) => {
      const logo = files.bySymbol.get(symbol)
      return logo && `${LOGOS_PATH}/${logo.file}`
    },
    route: createLogosRoute(files),
  }
}
