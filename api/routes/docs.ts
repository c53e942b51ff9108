import { Hono } from 'hono'
import type { AppEnv } from '../appEnv'
import { buildOpenApiSpec } from '../openapi/buildOpenApiSpec'
import { renderDocsPage } from '../openapi/renderDocsPage'

/** `GET /openapi.json` and `GET /docs`: the generated description and a browsable page of it. */
export function createDocsRoute({ serverUrl }: { serverUrl?: string | undefined } = {}) {
  const spec = buildOpenApiSpec(serverUrl ? { serverUrl } : {})
  const page = renderDocsPage(spec)
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(spec))
    .get('/docs', (c) =>
      c.html(page, 200, { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }),
    )
}
