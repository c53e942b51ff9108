import { Hono } from 'hono'
import { SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { LogoFile } from '../logos/createLogoFiles'
import { LOGOS_PATH } from '../logos/createLogoFiles'

/** `Cache-Control` of a logo file: its name changes with its content, so it never goes stale. */
export const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * `GET /logos/:file`: a curated token's SVG logo, named by its content hash (see `createLogoFiles`)
 * and cached for a year. An unknown name is 404 `NOT_FOUND` (JSON, not cached).
 *
 * The SVG is served with a CSP that runs nothing and `nosniff`, so opening one directly is as inert
 * as showing it in an `<img>`.
 */
export function createLogosRoute({ byFile }: { byFile: ReadonlyMap<string, LogoFile> }) {
  return new Hono<AppEnv>().get(`${LOGOS_PATH}/:file`, (c) => {
    const logo = byFile.get(c.req.param('file'))
    if (!logo) throw new SwapError({ code: 'NOT_FOUND', message: 'No such logo' })
    return c.body(logo.svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': LOGO_CACHE_CONTROL,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
