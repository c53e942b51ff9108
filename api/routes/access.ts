import { Hono } from 'hono'
import { SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { Config } from '../config'
import { noStore } from '../middleware/cacheHeaders'

/** Settings without which no grant can be sold or issued. */
const accessSettings = ['X402_FACILITATOR_URL', 'X402_PAY_TO', 'ACCESS_TOKEN_SECRET'] as const

/**
 * `GET|POST /access` (contract 4.4). Never cached, never rate limited. Until the grant flows land
 * (the /access issue), a deployment answers 503 `NOT_CONFIGURED` with `missingConfig` naming the
 * settings it lacks, as the contract's no-facilitator deployment does.
 */
export function createAccessRoute({ config }: { config: Config }) {
  const missing = accessSettings.filter((name) => config[name] === undefined)
  const notConfigured = () => {
    throw new SwapError({
      code: 'NOT_CONFIGURED',
      message:
        missing.length > 0
          ? `Access grants are not available on this deployment (missing ${missing.join(', ')})`
          : 'Access grants are not available on this deployment yet',
      details: { missingConfig: missing.length > 0 ? [...missing] : ['ACCESS_FLOWS'] },
    })
  }
  return new Hono<AppEnv>()
    .use('/access', noStore())
    .get('/access', notConfigured)
    .post('/access', notConfigured)
}
