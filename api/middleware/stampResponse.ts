import type { Context } from 'hono'
import type { AppEnv } from '../appEnv'
import { corsExposedHeaders } from './cors'
import { REQUEST_ID_HEADER } from './requestId'
import { stampedResponses } from './stampedResponses'

/**
 * Builds a response with `headers` plus the app-wide ones (`Access-Control-*`, `X-Request-Id`) in
 * one plain record, so `cors` and `requestId` need not set them afterwards. Setting headers on a
 * finished response turns them into a `Headers` object, which was most of what a hot read such as
 * `/chains` cost; built this way, `@hono/node-server` writes the record as is. `headers` becomes
 * the response's own record: pass a fresh object.
 */
export function stampResponse(
  c: Context<AppEnv>,
  body: string | null,
  status: number,
  headers: Record<string, string>,
): Response {
  headers['Access-Control-Allow-Origin'] = '*'
  headers['Access-Control-Expose-Headers'] = corsExposedHeaders
  const requestId = c.get('requestId')
  if (requestId !== undefined) headers[REQUEST_ID_HEADER] = requestId
  const response = new Response(body, { status, headers })
  stampedResponses.add(response)
  return response
}
