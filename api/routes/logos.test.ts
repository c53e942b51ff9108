import { describe, expect, it } from 'vitest'
import { ErrorBodySchema, TokensResponseSchema } from '../../shared'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { tokenLogos } from '../logos/tokenLogos'
import { LOGO_CACHE_CONTROL } from './logos'

const app = createApp({ config: loadConfig({}) })

describe('token logos', () => {
  it('names a logo on curated tokens that have one, and none on those without', async () => {
    const body = TokensResponseSchema.parse(await (await app.request('/api/sdk/v1/tokens?chainId=1')).json())
    const logoOf = (symbol: string) => body.tokens.find((token) => token.symbol === symbol)?.logoURI
    expect(logoOf('ETH')).toMatch(/^\/logos\/eth-[0-9a-f]{10}\.svg$/)
    expect(logoOf('USDC')).toMatch(/^\/logos\/usdc-[0-9a-f]{10}\.svg$/)
    // The icon set has no WETH: the widget draws a monogram rather than another token's logo.
    expect(logoOf('WETH')).toBeUndefined()
  })

  it('draws every logo in at least one colour other than white, so none vanishes on a light page', () => {
    const invisible = Object.entries(tokenLogos)
      .filter(([, svg]) => {
        const paints = [...svg.matchAll(/(?:fill|stroke|stop-color)="([^"]+)"/g)].map(([, paint]) => paint!)
        return !paints.some((paint) => !/^(none|#fff|#ffffff|white)$/i.test(paint))
      })
      .map(([symbol]) => symbol)
    expect(invisible).toEqual([])
  })

  it('serves the named SVG outside the JSON API, cached for a year', async () => {
    const body = TokensResponseSchema.parse(await (await app.request('/api/sdk/v1/tokens?chain=BTC')).json())
    const uri = body.tokens[0]!.logoURI!
    const response = await app.request(uri)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(response.headers.get('cache-control')).toBe(LOGO_CACHE_CONTROL)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
  })

  it('answers an unknown logo name 404 NOT_FOUND in the error body, not a stale file', async () => {
    for (const path of ['/logos/usdc-0000000000.svg', '/logos/..%2Fpackage.json']) {
      const response = await app.request(path)
      expect(response.status).toBe(404)
      expect(ErrorBodySchema.parse(await response.json()).code).toBe('NOT_FOUND')
      expect(response.headers.get('cache-control')).not.toBe(LOGO_CACHE_CONTROL)
    }
  })
})
